import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paymentMachine } from '../../../machines/payment/payment.machine';
import type { PayLinkQuote } from '../../../contract/payLinks';
import type { Asset } from '../../../contract/assetList';
import { connectPayment } from '../../../machines/payment/payment.view';
import { paymentActors } from '../../app/actors/payment';
import { useConnect, useFlowActor, useSystem } from '../../app/context';
import { moneyMoved } from '../../app/moneyMoved';
import { Button } from '../../ui/Button';
import { Form, FormAlert } from '../../ui/Form';
import { Money } from '../../ui/Money';
import { SelectField } from '../../ui/TextField';
import { failureText } from '../../ui/failureText';
import { formatRate } from '../../ui/money';
import { QuoteCost } from '../../ui/QuoteCost';
import { useUiLocale } from '../../ui/useUiLocale';
import { StepUpSheet, stepUpChild } from '../shared/StepUpSheet';
import { useBalances } from '../shared/useBalances';
import { PageNotFound } from '../../ui/ErrorPage';
import { useAccountLabel } from '../shared/useAccountName';

/** What paying from an account in another asset costs, and how long the quote holds. */
function PaymentQuote({
  quote,
  secondsLeft,
  refreshed,
  waiting,
}: {
  quote: PayLinkQuote;
  secondsLeft: number;
  refreshed: boolean;
  /** It ran out offline: the countdown says it waits for the connection. */
  waiting: boolean;
}) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  return (
    <section className="card stack" aria-label={t('payment.quote.title')} data-testid="payment-quote">
      <dl className="fact-list">
        <div className="fact">
          <dt>{t('payment.quote.pay')}</dt>
          <dd>
            <Money amount={quote.amountIn} asset={quote.fromAsset} />
          </dd>
        </div>
        <div className="fact">
          <dt>{t('payment.quote.rate')}</dt>
          <dd>{formatRate(quote, locale)}</dd>
        </div>
        <div className="fact">
          <dt>{t('payment.quote.fee', { percent: quote.feePercent })}</dt>
          <dd>
            <Money amount={quote.fee} asset={quote.fromAsset} />
          </dd>
        </div>
        <QuoteCost quote={quote} />
      </dl>
      {quote.fundsSufficient ? null : <p className="field-error">{t('payment.failures.insufficient_funds')}</p>}
      {quote.withinLimit ? null : <p className="field-error">{t('payment.failures.limit_exceeded')}</p>}
      <p className="hint-text" data-testid="payment-quote-seconds">
        {waiting ? t('payment.quote.waiting') : t('payment.quote.holds', { count: secondsLeft })}
      </p>
      {refreshed ? <p role="status">{t('payment.quote.refreshed')}</p> : null}
    </section>
  );
}

/** /pay/{hash}: pay someone's request, or watch one's own. */
export function PayLinkScreen() {
  const { t } = useTranslation();
  const labelOf = useAccountLabel();
  const system = useSystem();
  const { hash = '' } = useParams();
  const flow = useFlowActor(paymentMachine, () => paymentActors(system, () => moneyMoved(system)), { input: { hash } });
  const view = useConnect(flow, connectPayment);
  const stepUp = useSelector(flow, stepUpChild);
  const { summary } = useBalances();
  const asset = view.link?.asset;
  // Accounts in the request's asset first: they pay it as it is; any other goes through a quote.
  const accounts = [...(summary?.fiat.accounts_limit_balances ?? []), ...(summary?.crypto.utgl.coin_balances ?? [])].sort(
    (a, b) => Number(b.currency === asset) - Number(a.currency === asset),
  );
  const first = accounts[0];
  const { chooseFirst } = view;
  useEffect(() => chooseFirst(first ? { id: first.id, asset: first.currency as Asset } : undefined), [chooseFirst, first]);

  if (view.notFound) return <PageNotFound />;
  if (view.loading) return <p aria-busy="true">{t('payment.loading')}</p>;
  if (view.loadFailed || !view.link) {
    return (
      <div className="stack" role="alert">
        <p>{t('errors.network_error')}</p>
        <Button onClick={view.retry}>{t('payment.retry')}</Button>
      </div>
    );
  }
  const { link } = view;
  return (
    <>
      <section className="stack" aria-labelledby="payment-request">
        <h2 id="payment-request">
          {link.own ? t('payment.ownTitle') : t('payment.title', { name: link.requesterName ?? t('payment.someone') })}
        </h2>
        <p className="amount-large">
          <Money amount={link.amount} asset={link.asset} />
        </p>
        <p>{link.description}</p>
        <p role="status" aria-live="polite" data-testid="payment-status">
          {view.paid ? t('payment.receipt') : view.closed ? t(`payment.closed.${link.status}`) : t(`payLinks.status.${link.status}`)}
        </p>
      </section>
      {view.choosing ? (
        <Form busy={view.busy} onSubmit={() => view.pay?.()}>
          <FormAlert>{view.failure ? failureText(t, 'payment.failures', view.failure) : null}</FormAlert>
          {accounts.length === 0 ? (
            <p>{t('payment.noAccount')}</p>
          ) : (
            <SelectField
              label={t('payment.from')}
              name="from"
              value={view.fromAccountId ?? ''}
              disabled={view.busy}
              onChange={(e) => {
                const account = accounts.find((item) => item.id === e.target.value);
                if (account) view.chooseAccount(account.id, account.currency as Asset);
              }}
              options={accounts.map((account) => (
                <option key={account.id} value={account.id}>
                  {labelOf(account)}
                </option>
              ))}
            />
          )}
          {view.quoting ? (
            <p role="status" aria-busy="true">
              {t('payment.quote.asking')}
            </p>
          ) : null}
          {view.quote ? (
            <PaymentQuote
              quote={view.quote}
              secondsLeft={view.secondsLeft}
              refreshed={view.refreshed}
              waiting={view.waitingForConnection}
            />
          ) : null}
          {view.quoteFailed ? (
            <Button onClick={view.retry}>{t('payment.retry')}</Button>
          ) : (
            <Button variant="primary" type="submit" busy={view.busy} disabled={!view.pay}>
              {t('payment.pay')}
            </Button>
          )}
        </Form>
      ) : null}
      {view.paid && view.receipt && view.receipt.fromAsset !== view.receipt.asset ? (
        <p>
          {t('payment.charged')} <Money amount={view.receipt.amountIn} asset={view.receipt.fromAsset} />
        </p>
      ) : null}
      {view.closed && view.failure ? <p role="alert">{failureText(t, 'payment.failures', view.failure)}</p> : null}
      <StepUpSheet actor={stepUp} />
    </>
  );
}
