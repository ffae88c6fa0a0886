import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paymentMachine } from '../../../machines/payment.machine';
import { paymentView } from '../../../machines/payment.view';
import { paymentActors } from '../../app/actors/payment';
import { useSystem } from '../../app/context';
import { moneyMoved } from '../../app/moneyMoved';
import { Button } from '../../ui/Button';
import { Money } from '../../ui/Money';
import { SelectField } from '../../ui/TextField';
import { failureText } from '../shared/failureText';
import { StepUpSheet, stepUpChild } from '../shared/StepUpSheet';
import { useBalances } from '../shared/useBalances';
import { PageNotFound } from '../simulate/shared';
import { useAccountName } from '../shared/useAccountName';

const OWN_FAILURES = new Set([
  'insufficient_funds',
  'limit_exceeded',
  'account_not_found',
  'pay_link_paid',
  'pay_link_expired',
  'pay_link_cancelled',
]);

/** /pay/{hash}: pay someone's request, or watch one's own. */
export function PayLinkScreen() {
  const { t } = useTranslation();
  const nameOf = useAccountName();
  const system = useSystem();
  const { hash = '' } = useParams();
  const [machine] = useState(() => paymentMachine.provide(paymentActors(system, () => moneyMoved(system))));
  const flow = useActorRef(machine, { input: { hash } });
  const view = useSelector(flow, paymentView, shallowEqual);
  const stepUp = useSelector(flow, stepUpChild);
  const { summary } = useBalances();
  const asset = view.link?.asset;
  const accounts = [...(summary?.fiat.accounts_limit_balances ?? []), ...(summary?.crypto.utgl.coin_balances ?? [])].filter(
    (account) => account.currency === asset,
  );
  const [chosen, setChosen] = useState('');
  const from = chosen || accounts[0]?.id || '';

  if (view.step === 'notFound') return <PageNotFound />;
  if (view.step === 'loading') return <p aria-busy="true">{t('payment.loading')}</p>;
  if (view.step === 'failed' || !view.link) {
    return (
      <div className="stack" role="alert">
        <p>{t('failure.network_error')}</p>
        <Button onClick={() => flow.send({ type: 'RETRY' })}>{t('payment.retry')}</Button>
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
          {view.step === 'paid' ? t('payment.receipt') : t(`payLinks.status.${link.status}`)}
        </p>
      </section>
      {view.step === 'choosing' ? (
        <form
          className="form"
          noValidate
          aria-busy={view.busy}
          onSubmit={(event) => {
            event.preventDefault();
            flow.send({ type: 'PAY_CONFIRMED', fromAccountId: from, idempotencyKey: crypto.randomUUID() });
          }}
        >
          <div className="form-alert" role="alert" aria-live="assertive">
            {view.failure ? failureText(t, 'payment.failures', OWN_FAILURES, view.failure) : null}
          </div>
          {accounts.length === 0 ? (
            <p>{t('payment.noAccount', { asset: link.asset })}</p>
          ) : (
            <SelectField
              label={t('payment.from')}
              name="from"
              value={from}
              onChange={(e) => setChosen(e.target.value)}
              options={accounts.map((account) => (
                <option key={account.id} value={account.id}>
                  {`${nameOf(account)} · ${account.balance} ${account.currency}`}
                </option>
              ))}
            />
          )}
          <Button variant="primary" type="submit" busy={view.busy} disabled={accounts.length === 0}>
            {t('payment.pay')}
          </Button>
        </form>
      ) : null}
      {view.step === 'closed' && view.failure ? <p role="alert">{failureText(t, 'payment.failures', OWN_FAILURES, view.failure)}</p> : null}
      <StepUpSheet actor={stepUp} />
    </>
  );
}
