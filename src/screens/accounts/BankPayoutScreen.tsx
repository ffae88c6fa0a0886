import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { MINIMUM_PAYOUT, type Payout, type PayoutCurrency } from '../../../contract/payouts';
import { bankPayoutMachine, type BeneficiaryDraft } from '../../../machines/bankPayout.machine';
import { bankPayoutView } from '../../../machines/bankPayout.view';
import { usableFrom } from '../../../machines/withdrawal.view';
import { bankPayoutActors } from '../../app/actors/bankPayout';
import { useFlowActor, useLocalize, useSystem } from '../../app/context';
import { formatDate } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { Form, FormAlert } from '../../ui/Form';
import { AmountInput, Money } from '../../ui/Money';
import { SelectField, TextField } from '../../ui/TextField';
import { failureText } from '../../ui/failureText';
import { useUiLocale } from '../../ui/useUiLocale';
import { StepUpSheet, stepUpChild } from '../shared/StepUpSheet';
import { useBalances } from '../shared/useBalances';
import { coolingOffHours, Fact } from './WithdrawScreen';
import './withdraw.css';

/** An IBAN in groups of four, as printed on a bank statement. */
const printed = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');
/** Left-to-right inside an option's text, which cannot hold a `<bdi>`: an IBAN reads the same in Arabic. */
const isolated = (text: string) => `\u2066${text}\u2069`;

/** /accounts/fiat/withdraw/{iso} (the route admits payout currencies only): the bank payout statechart's form, its quote, and the payout as it goes. */
export function BankPayoutScreen() {
  return <BankPayoutFlow currency={(useParams().iso ?? '').toUpperCase() as PayoutCurrency} />;
}

function BankPayoutFlow({ currency }: { currency: PayoutCurrency }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const system = useSystem();
  const { summary } = useBalances();
  const balance = summary?.fiat.accounts_limit_balances.find((account) => account.currency === currency)?.balance;
  // What the flow checks the amount against: no account in the currency holds nothing; unknown until the balances came.
  const covers = summary ? (balance ?? '0') : null;
  const flow = useFlowActor(bankPayoutMachine, () => bankPayoutActors(system), { input: { currency, balance: covers } });
  useEffect(() => {
    if (covers !== null) flow.send({ type: 'BALANCE_CHANGED', balance: covers });
  }, [flow, covers]);
  const view = useSelector(flow, bankPayoutView, shallowEqual);
  const stepUp = useSelector(flow, stepUpChild);
  const [typed, setTyped] = useState(view.amount);
  const error = view.failure ? failureText(t, 'withdraw.bank.failures', view.failure, { unknown: 'withdraw.bank.failures.unknown' }) : null;
  const when = (at: Date | string) => formatDate(new Date(at), locale, { dateStyle: 'medium', timeStyle: 'short' });
  const coolingOffUntil = usableFrom({ addresses: view.beneficiaries, addressId: view.beneficiaryId }, new Date());
  const chosen = view.beneficiaries.find((beneficiary) => beneficiary.id === view.quote?.beneficiaryId);

  if (view.step === 'loading') {
    return (
      <section className="card stack" aria-busy="true" aria-label={t('withdraw.bank.loading')}>
        <div className="skeleton skeleton--title" />
        <div className="skeleton skeleton--line" />
        <div className="skeleton skeleton--block" />
      </section>
    );
  }
  if (view.step === 'failed') {
    return (
      <div className="stack">
        <p className="form-alert" role="alert">
          {failureText(t, 'errors', view.failure!)}
        </p>
        <Button onClick={() => flow.send({ type: 'RETRY' })}>{t('withdraw.retry')}</Button>
      </div>
    );
  }
  return (
    <section className="stack" aria-labelledby="payout-title">
      <div className="withdraw-head">
        <h2 id="payout-title" className="section-title">
          {t('withdraw.bank.title', { currency })}
        </h2>
        {balance !== undefined ? (
          <p className="hint-text" data-testid="payout-available">
            {t('withdraw.available')} <Money amount={balance} asset={currency} />
          </p>
        ) : null}
      </div>
      {view.step === 'form' ? (
        <Form busy={view.busy} onSubmit={() => flow.send({ type: 'QUOTE_REQUESTED' })}>
          {view.beneficiaries.length > 0 ? (
            <SelectField
              label={t('withdraw.bank.beneficiary')}
              name="beneficiary"
              value={view.beneficiaryId ?? ''}
              onChange={(event) => flow.send({ type: 'BENEFICIARY_CHOSEN', beneficiaryId: event.target.value })}
              options={view.beneficiaries.map((beneficiary) => (
                <option key={beneficiary.id} value={beneficiary.id}>
                  {`${beneficiary.label} · ${beneficiary.holderName} · ${isolated(`${beneficiary.iban.slice(0, 4)}…${beneficiary.iban.slice(-4)}`)}`}
                </option>
              ))}
            />
          ) : (
            <p className="hint-text">{t('withdraw.bank.noBeneficiary')}</p>
          )}
          {coolingOffUntil ? (
            <p className="hint-text" data-testid="payout-cooling-off">
              {t('withdraw.bank.usableFrom', { when: when(coolingOffUntil) })}
            </p>
          ) : null}
          <div>
            <Button variant="link" onClick={() => flow.send({ type: 'ADD_BENEFICIARY_STARTED' })}>
              {t('withdraw.bank.addBeneficiary')}
            </Button>
          </div>
          <AmountInput
            label={t('withdraw.amount')}
            name="amount"
            asset={currency}
            value={typed}
            max={balance}
            hint={
              <>
                {t('withdraw.minimum')} <Money amount={MINIMUM_PAYOUT[currency]} asset={currency} />
              </>
            }
            onChange={(text, parsed) => {
              setTyped(text);
              flow.send({ type: 'AMOUNT_CHANGED', amount: parsed.ok ? parsed.value : '' });
            }}
          />
          <FormAlert>{error}</FormAlert>
          <Button variant="primary" type="submit" block busy={view.busy}>
            {t('withdraw.review')}
          </Button>
        </Form>
      ) : null}
      {view.step === 'newDestination' ? (
        <NewBeneficiaryForm
          draft={view.draft}
          coolingOff={
            view.coolingOffSeconds > 0
              ? t('withdraw.bank.coolingOffPeriod', { period: coolingOffHours(view.coolingOffSeconds, locale) })
              : null
          }
          busy={view.busy}
          error={error}
          onSubmit={(draft) => flow.send({ type: 'BENEFICIARY_SUBMITTED', ...draft })}
          onCancel={() => flow.send({ type: 'ADD_BENEFICIARY_CANCELLED' })}
        />
      ) : null}
      {view.step === 'review' && view.quote ? (
        <section className="card stack" data-testid="payout-quote" aria-labelledby="payout-review-title">
          <h3 id="payout-review-title" className="section-title">
            {t('withdraw.reviewTitle')}
          </h3>
          <dl className="fact-list">
            <Fact term={t('withdraw.amount')}>
              <Money amount={view.quote.amount} asset={currency} />
            </Fact>
            <Fact term={t('withdraw.bank.fee')}>
              <Money amount={view.quote.fee} asset={currency} />
            </Fact>
            <Fact term={t('withdraw.bank.received')}>
              <Money amount={view.quote.received} asset={currency} />
            </Fact>
            <Fact term={t('withdraw.bank.arrivesBy')}>{when(view.quote.arrivesBy)}</Fact>
            <Fact term={t('withdraw.to')} code>
              <span>{chosen ? `${chosen.label} · ${view.quote.holderName}` : view.quote.holderName}</span>
              <bdi dir="ltr">{printed(view.quote.iban)}</bdi>
            </Fact>
          </dl>
          <FormAlert>{error}</FormAlert>
          <Button variant="primary" block busy={view.busy} onClick={() => flow.send({ type: 'CONFIRMED' })}>
            {t('withdraw.bank.confirm')}
          </Button>
          <Button block disabled={view.busy} onClick={() => flow.send({ type: 'EDIT_REQUESTED' })}>
            {t('withdraw.change')}
          </Button>
        </section>
      ) : null}
      {(view.step === 'following' || view.step === 'settled') && view.payout ? (
        <PayoutProgress payout={view.payout} arrivesBy={when(view.payout.arrivesBy)} />
      ) : null}
      <StepUpSheet actor={stepUp} />
    </section>
  );
}

/** A new beneficiary; what was typed stays through every refusal (the statechart keeps the submitted draft). */
function NewBeneficiaryForm(props: {
  draft: BeneficiaryDraft;
  /** How long a new beneficiary waits before it can be paid; none when at once. */
  coolingOff: string | null;
  busy: boolean;
  error: string | null;
  onSubmit: (draft: BeneficiaryDraft) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(props.draft);
  const field = (name: keyof BeneficiaryDraft) => ({
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  });
  return (
    <section className="card">
      <Form busy={props.busy} onSubmit={() => props.onSubmit(draft)}>
        <h3 className="section-title">{t('withdraw.bank.newTitle')}</h3>
        <TextField label={t('withdraw.bank.holderName')} name="holder-name" autoComplete="name" maxLength={70} {...field('holderName')} />
        <TextField
          label={t('accounts.detail.iban')}
          name="iban"
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          hint={t('withdraw.bank.ibanHint')}
          error={props.error}
          {...field('iban')}
        />
        <TextField
          label={t('accounts.detail.bic')}
          name="bic"
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          maxLength={11}
          hint={t('withdraw.bank.bicHint')}
          {...field('bic')}
        />
        <TextField label={t('withdraw.label')} name="label" maxLength={40} hint={t('withdraw.bank.labelHint')} {...field('label')} />
        {props.coolingOff ? <p className="hint-text">{props.coolingOff}</p> : null}
        <div className="button-row">
          <Button variant="primary" type="submit" busy={props.busy}>
            {t('withdraw.bank.save')}
          </Button>
          <Button disabled={props.busy} onClick={props.onCancel}>
            {t('withdraw.cancel')}
          </Button>
        </div>
      </Form>
    </section>
  );
}

/** The payout as it goes: submitted, in transit, on the bank account, or returned with the bank's reason. */
function PayoutProgress({ payout, arrivesBy }: { payout: Payout; arrivesBy: string }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const settled = payout.status === 'settled' || payout.status === 'returned';
  return (
    <section className="card stack" aria-labelledby="payout-status">
      <p
        id="payout-status"
        className={`withdraw-status withdraw-status--${payout.status}`}
        role="status"
        aria-live="polite"
        data-testid="payout-status"
      >
        {t(`withdraw.bank.status.${payout.status}`)}
      </p>
      {payout.returnReason ? <p data-testid="payout-return-reason">{t(`withdraw.bank.returnReasons.${payout.returnReason}`)}</p> : null}
      <dl className="fact-list">
        <Fact term={t('withdraw.bank.received')}>
          <Money amount={payout.received} asset={payout.currency} />
        </Fact>
        {settled ? null : <Fact term={t('withdraw.bank.arrivesBy')}>{arrivesBy}</Fact>}
        <Fact term={t('withdraw.to')} code>
          <span>{payout.holderName}</span>
          <bdi dir="ltr">{printed(payout.iban)}</bdi>
        </Fact>
      </dl>
      <div className="button-row">
        <Link className="button button--secondary" to={localize(`/activities/${payout.activityId}`)}>
          {t('withdraw.activity')}
        </Link>
        {settled ? (
          <Link className="button button--primary" to={localize('/accounts')}>
            {t('withdraw.backToAccounts')}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
