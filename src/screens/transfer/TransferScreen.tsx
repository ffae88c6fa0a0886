import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Quote, TransferDirection } from '../../../contract/transfers';
import type { Failure } from '../../../machines/parts/failure';
import { transferMachine } from '../../../machines/transfer/transfer.machine';
import { connectTransfer } from '../../../machines/transfer/transfer.view';
import { transferActors } from '../../app/actors/transfer';
import { useConnect, useFlowActor, useLocalize, useSystem } from '../../app/context';
import { Button } from '../../ui/Button';
import { Form, FormAlert } from '../../ui/Form';
import { AmountInput, Money } from '../../ui/Money';
import { amountForInput, formatAmount, formatRate } from '../../ui/money';
import { Sheet } from '../../ui/Sheet';
import { SelectField } from '../../ui/TextField';
import { formatNumber } from '../../i18n/format';
import { QuoteCost } from '../../ui/QuoteCost';
import { useBackCloses } from '../../ui/useBackCloses';
import { useUiLocale } from '../../ui/useUiLocale';
import { OpenAccount } from '../shared/OpenAccount';
import { useBalances } from '../shared/useBalances';
import { useAccountLabel, useAccountName } from '../shared/useAccountName';
import { failureText } from '../../ui/failureText';

interface Choice {
  id: string;
  name: string;
  currency: string;
  balance: string;
}

function useFailureText() {
  const { t } = useTranslation();
  return (failure: Failure) => failureText(t, 'transfer.errors', failure);
}

/** The customer's accounts on each side of the direction, from the balances machine. */
function useChoices(direction: TransferDirection): { from: Choice[]; to: Choice[]; loading: boolean } {
  const { summary, loading } = useBalances();
  const fiat: Choice[] = summary?.fiat.accounts_limit_balances ?? [];
  const crypto: Choice[] = summary?.crypto.utgl.coin_balances ?? [];
  return direction === 'fiat-to-crypto' ? { from: fiat, to: crypto, loading } : { from: crypto, to: fiat, loading };
}

/**
 * /transfer/fiat-to-crypto and /transfer/crypto-to-fiat: the transfer statechart's form, its quote with
 * the seconds left, the confirmation sheet and the receipt. What is typed stays here as typed; the
 * machine gets the decimal it means.
 */
function TransferForm({ direction }: { direction: TransferDirection }) {
  const { t } = useTranslation();
  const nameOf = useAccountName();
  const labelOf = useAccountLabel();
  const system = useSystem();
  const locale = useUiLocale();
  const localize = useLocalize();
  const textOf = useFailureText();
  const flow = useFlowActor(transferMachine, () => transferActors(system), { input: { direction } });
  const view = useConnect(flow, connectTransfer);
  const choices = useChoices(direction);
  const [typed, setTyped] = useState('');

  // The first account of each side is chosen until the customer picks another.
  const firstFrom = choices.from[0]?.id;
  const firstTo = choices.to[0]?.id;
  const { chooseFirst } = view;
  useEffect(() => chooseFirst(firstFrom, firstTo), [chooseFirst, firstFrom, firstTo]);

  const from = choices.from.find((account) => account.id === view.fromAccountId);
  const to = choices.to.find((account) => account.id === view.toAccountId);
  const quote = view.quote;
  // The browser's back closes the review, keeping the amounts, as its Cancel does.
  useBackCloses(view.reviewing, view.cancelReview, 'transfer-review');

  if (view.done && view.result) return <Receipt quote={view.result.quote} activityId={view.result.activityId} />;
  if (!choices.loading && (choices.from.length === 0 || choices.to.length === 0)) {
    // The missing side is opened right here; the balances refresh and the form takes its place.
    const [fiat, crypto] = direction === 'fiat-to-crypto' ? [choices.from, choices.to] : [choices.to, choices.from];
    const missing = fiat.length === 0 ? 'fiat' : 'crypto';
    return (
      <div className="stack">
        <p className="empty-state-body">{t('transfer.noAccounts')}</p>
        <OpenAccount held={[...fiat, ...crypto].map((account) => account.currency)} kind={missing} show={false} />
      </div>
    );
  }

  const amountOf = (side: 'in' | 'out') =>
    view.side === side ? typed : quote ? amountForInput(side === 'in' ? quote.amountIn : quote.amountOut, locale) : '';
  const changeAmount = (side: 'in' | 'out') => (text: string, parsed: { ok: boolean; value?: string }) => {
    setTyped(text);
    view.typeAmount(parsed.ok && parsed.value ? parsed.value : '', side);
  };

  return (
    <Form busy={view.quoting} onSubmit={() => view.review?.()}>
      <SelectField
        label={t('transfer.from')}
        value={view.fromAccountId ?? ''}
        onChange={(event) => view.chooseFrom(event.target.value)}
        options={choices.from.map((account) => (
          <option key={account.id} value={account.id}>
            {labelOf(account)}
          </option>
        ))}
      />
      <SelectField
        label={t('transfer.to')}
        value={view.toAccountId ?? ''}
        onChange={(event) => view.chooseTo(event.target.value)}
        options={choices.to.map((account) => (
          <option key={account.id} value={account.id}>
            {nameOf(account)}
          </option>
        ))}
      />
      {from ? (
        <AmountInput
          label={t('transfer.pay')}
          asset={from.currency}
          value={amountOf('in')}
          max={from.balance}
          onChange={changeAmount('in')}
          error={
            view.insufficientFunds
              ? t('transfer.insufficient', { balance: formatAmount(from.balance, from.currency, locale) })
              : view.aboveLimit && quote
                ? t('transfer.aboveLimit', { left: formatAmount(quote.limitLeftUsd, 'USD', locale) })
                : null
          }
        />
      ) : null}
      {to ? <AmountInput label={t('transfer.get')} asset={to.currency} value={amountOf('out')} onChange={changeAmount('out')} /> : null}
      <FormAlert>{view.failure && !view.reviewing ? textOf(view.failure) : null}</FormAlert>
      {quote && !view.quoting ? (
        <QuoteFacts quote={quote} secondsLeft={view.secondsLeft} refreshed={view.refreshed} waiting={view.waitingForConnection} />
      ) : null}
      {view.quoting ? <p className="hint-text">{t('transfer.quoting')}</p> : null}
      <Button variant="primary" block type="submit" disabled={!view.review}>
        {t('transfer.review')}
      </Button>
      <Sheet
        open={view.reviewing}
        onClose={view.cancelReview}
        dismissible={!view.busy}
        title={t('transfer.sheet.title')}
        description={t('transfer.sheet.lead')}
      >
        {/* Only while open: the countdown and its announcement are the form's while the sheet is closed. */}
        {quote && view.reviewing ? <QuoteFacts quote={quote} secondsLeft={view.secondsLeft} refreshed={view.refreshed} full /> : null}
        <FormAlert>{view.failure && view.reviewing ? textOf(view.failure) : null}</FormAlert>
        {view.retry ? (
          <Button variant="primary" block onClick={view.retry}>
            {t('transfer.sheet.retry')}
          </Button>
        ) : (
          <Button variant="primary" block busy={view.busy} disabled={!view.confirm && !view.busy} onClick={() => view.confirm?.()}>
            {t('transfer.sheet.confirm')}
          </Button>
        )}
        <Button block disabled={view.busy} onClick={view.cancelReview}>
          {t('transfer.sheet.cancel')}
        </Button>
      </Sheet>
      <p className="hint-text">
        <Link to={localize('/activities?type=exchange')}>{t('transfer.history')}</Link>
      </p>
    </Form>
  );
}

/** What the quote says: the rate, the fee, what is paid and what arrives, and how long it holds. */
function QuoteFacts({
  quote,
  secondsLeft,
  refreshed,
  waiting = false,
  full = false,
}: {
  quote: Quote;
  secondsLeft: number;
  refreshed: boolean;
  /** It ran out offline: the countdown says it waits for the connection. */
  waiting?: boolean;
  full?: boolean;
}) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  return (
    <section className="card stack" aria-label={t('transfer.quote.title')} data-testid={full ? 'quote-sheet' : 'quote'}>
      <dl className="fact-list">
        {full ? (
          <div className="fact">
            <dt>{t('transfer.quote.pay')}</dt>
            <dd>
              <Money amount={quote.amountIn} asset={quote.fromAsset} />
            </dd>
          </div>
        ) : null}
        <div className="fact">
          <dt>{t('transfer.quote.rate')}</dt>
          <dd>{formatRate(quote, locale)}</dd>
        </div>
        <div className="fact">
          <dt>{t('transfer.quote.fee', { percent: quote.feePercent })}</dt>
          <dd>
            <Money amount={quote.fee} asset={quote.fromAsset} />
          </dd>
        </div>
        <div className="fact">
          <dt>{t('transfer.quote.spread')}</dt>
          <dd>{`${formatNumber(quote.spreadPercent, locale)} %`}</dd>
        </div>
        <QuoteCost quote={quote} />
        {full ? (
          <div className="fact">
            <dt>{t('transfer.quote.get')}</dt>
            <dd>
              <Money amount={quote.amountOut} asset={quote.toAsset} />
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="hint-text">{t('transfer.quote.limitLeft', { left: formatAmount(quote.limitLeftUsd, 'USD', locale) })}</p>
      <p className="hint-text" data-testid="quote-seconds">
        {waiting ? t('transfer.quote.waiting') : t('transfer.quote.holds', { count: secondsLeft })}
      </p>
      {refreshed ? (
        <p className="hint-text" role="status">
          {t('transfer.quote.refreshed')}
        </p>
      ) : null}
    </section>
  );
}

/** Done: what was paid and received, and the way to the activity's own page. */
function Receipt({ quote, activityId }: { quote: Quote; activityId: string }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  return (
    <section className="card stack" aria-labelledby="transfer-receipt" data-testid="transfer-receipt">
      <h2 id="transfer-receipt" className="section-title">
        {t('transfer.receipt.title')}
      </h2>
      <dl className="fact-list">
        <div className="fact">
          <dt>{t('transfer.receipt.paid')}</dt>
          <dd>
            <Money amount={quote.amountIn} asset={quote.fromAsset} />
          </dd>
        </div>
        <div className="fact">
          <dt>{t('transfer.receipt.fee')}</dt>
          <dd>
            <Money amount={quote.fee} asset={quote.fromAsset} />
          </dd>
        </div>
        <div className="fact">
          <dt>{t('transfer.receipt.got')}</dt>
          <dd>
            <Money amount={quote.amountOut} asset={quote.toAsset} />
          </dd>
        </div>
      </dl>
      <Link className="button button--primary" to={localize(`/activities/${activityId}`)}>
        {t('transfer.receipt.activity')}
      </Link>
    </section>
  );
}

export function FiatToCryptoScreen() {
  return <TransferForm direction="fiat-to-crypto" />;
}

export function CryptoToFiatScreen() {
  return <TransferForm direction="crypto-to-fiat" />;
}
