import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import type { CardCredit } from '../../../contract/cards';
import { isPositive } from '../../../contract/decimal';
import { cardsApi } from '../../api/cards';
import { useApi, useSystem } from '../../app/context';
import { pageNotFound } from '../../routes/pageNotFound';
import { Button } from '../../ui/Button';
import { Form } from '../../ui/Form';
import { AmountInput, Money } from '../../ui/Money';
import type { ParsedAmount } from '../../ui/money';
import { SelectField } from '../../ui/TextField';
import { useHydrated } from '../../ui/useHydrated';
import { failureText } from '../../ui/failureText';
import { useBalances } from '../shared/useBalances';
import { repayCardDebtMachine } from '../../../machines/repayCardDebt/repayCardDebt.machine';
import { repayCardDebtActors } from '../../app/actors/repayCardDebt';
import { useWrite } from '../../app/useWrite';
import { LoadFailed } from './CardAccountsScreen';
import { Percent } from './Percent';
import { CARD_ACCOUNTS_QUERY, storeCardAccountId } from '../../app/selectedCardAccount';
import { CardSpending } from './CardSpending';

const EMPTY: ParsedAmount = { ok: false, error: 'empty' };
import { unwrap } from '../../app/actors/unwrap';
import { useAccountName } from '../shared/useAccountName';
import { toFailure } from '../../../machines/parts/failure';
import { TextSkeleton } from '../../ui/Skeleton';

/**
 * `/card-accounts/:id`: the credit line (limit, available, used, loan-to-value) and repaying the debt from a
 * fiat account. An id that is not the customer's gets the route-validation 404, like AccountDetailScreen.
 */
export function CardAccountDetailScreen() {
  const nameOf = useAccountName();
  const { pathname } = useLocation();
  const id = useParams().id!;
  const api = useApi(cardsApi);
  const live = useHydrated();
  const line = useQuery({
    queryKey: [...CARD_ACCOUNTS_QUERY, id],
    enabled: live,
    queryFn: async ({ signal }) => unwrap(api.getCardAccount(id, { retry: false, signal })),
  });
  // Opening an account's page makes it the one the cards and collateral screens are about.
  useEffect(() => {
    if (line.data) storeCardAccountId(line.data.id);
  }, [line.data]);

  if (line.error && toFailure(line.error).status === 404) throw pageNotFound(pathname);
  if (line.isError) return <LoadFailed error={line.error} retry={() => void line.refetch()} />;
  const credit = line.data;
  return (
    <div className="stack">
      <section className="card stack" aria-labelledby="card-credit" aria-busy={!credit || undefined}>
        <h2 id="card-credit" className="section-title">
          {credit ? nameOf({ currency: credit.currency, card: true }) : <TextSkeleton />}
        </h2>
        {credit ? <CreditFacts credit={credit} /> : <p className="total-amount skeleton skeleton--inline">0,000.00</p>}
      </section>
      {credit ? <RepayForm credit={credit} /> : null}
      {credit ? <CardSpending accountId={credit.id} /> : null}
    </div>
  );
}

/** The credit line's figures; the loan-to-value only while there is debt. */
export function CreditFacts({ credit }: { credit: CardCredit }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="total-amount" data-testid="card-available">
        <span className="visually-hidden">{t('cardAccounts.available')} </span>
        <Money amount={credit.available} asset={credit.currency} />
      </p>
      <p className="hint-text">{t('cardAccounts.availableHint')}</p>
      <dl className="account-facts">
        <div>
          <dt>{t('cardAccounts.limit')}</dt>
          <dd>
            <Money amount={credit.creditLimit} asset={credit.currency} />
          </dd>
        </div>
        <div>
          <dt>{t('cardAccounts.used')}</dt>
          <dd data-testid="card-used">
            <Money amount={credit.used} asset={credit.currency} />
          </dd>
        </div>
        <div>
          <dt>{t('cardAccounts.collateralValue')}</dt>
          <dd>
            <Money amount={credit.collateralValue} asset={credit.currency} />
          </dd>
        </div>
        {credit.ltv !== null ? (
          <div>
            <dt>{t('cardAccounts.ltv')}</dt>
            <dd>
              <Percent value={credit.ltv} />
            </dd>
          </div>
        ) : null}
      </dl>
      {credit.stale ? <p className="badge badge--warning">{t('balances.stale')}</p> : null}
    </>
  );
}

/** Repays the debt from a fiat account in the card account's currency: one Idempotency-Key per repayment. */
function RepayForm({ credit }: { credit: CardCredit }) {
  const { t } = useTranslation();
  const nameOf = useAccountName();
  const system = useSystem();
  const { summary } = useBalances();
  const sources = (summary?.fiat.accounts_limit_balances ?? []).filter((account) => account.currency === credit.currency);
  const [from, setFrom] = useState('');
  const source = sources.find((account) => account.id === from) ?? sources[0];
  const [text, setText] = useState('');
  const [amount, setAmount] = useState<ParsedAmount>(EMPTY);
  const headingId = useId();
  const repay = useWrite(repayCardDebtMachine, () => repayCardDebtActors(system));
  // A repayment went through: the form is empty for the next one.
  const [repaid, setRepaid] = useState(repay.output);
  if (repay.output !== repaid) {
    setRepaid(repay.output);
    if (repay.output) {
      setText('');
      setAmount(EMPTY);
    }
  }
  const submit = () => {
    if (source && amount.ok) repay.submit({ accountId: credit.id, fromAccountId: source.id, amount: amount.value });
  };
  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        {t('cardAccounts.repay.title')}
      </h2>
      {!isPositive(credit.used) ? (
        <p className="hint-text">{t('cardAccounts.repay.noDebt')}</p>
      ) : summary && !source ? (
        <p className="hint-text">{t('cardAccounts.repay.noSource', { currency: credit.currency })}</p>
      ) : (
        <Form busy={repay.busy} onSubmit={submit}>
          <SelectField
            label={t('cardAccounts.repay.from')}
            value={source?.id ?? ''}
            onChange={(event) => {
              setFrom(event.target.value);
              repay.edit();
            }}
            options={sources.map((account) => (
              <option key={account.id} value={account.id}>
                {nameOf(account)}
              </option>
            ))}
          />
          <AmountInput
            label={t('cardAccounts.repay.amount')}
            asset={credit.currency}
            value={text}
            max={credit.used}
            onChange={(typed, parsed) => {
              setText(typed);
              setAmount(parsed);
              repay.edit();
            }}
            error={repay.failure ? failureText(t, 'cardAccounts.repay.errors', repay.failure) : null}
          />
          <Button type="submit" variant="primary" busy={repay.busy} disabled={!amount.ok || !source}>
            {t('cardAccounts.repay.submit')}
          </Button>
        </Form>
      )}
    </section>
  );
}
