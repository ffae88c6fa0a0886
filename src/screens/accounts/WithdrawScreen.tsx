import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EVM_CHAINS } from '../../../contract/chainList';
import type { CryptoAsset } from '../../../contract/assets';
import { withdrawalMachine, withdrawalNetworks } from '../../../machines/withdrawal.machine';
import { withdrawalView } from '../../../machines/withdrawal.view';
import { withdrawalActors } from '../../app/actors/withdrawal';
import { useFlowMachine, useSystem } from '../../app/context';
import { Button } from '../../ui/Button';
import { AmountInput, Money } from '../../ui/Money';
import { SelectField, TextField } from '../../ui/TextField';
import { failureText } from '../shared/failureText';
import { StepUpSheet, stepUpChild } from '../shared/StepUpSheet';
import { useBalances } from '../shared/useBalances';

const OWN_FAILURES = new Set([
  'withdrawal_incomplete',
  'address_invalid',
  'address_checksum_invalid',
  'address_exists',
  'address_cooling_off',
  'amount_too_small',
  'amount_too_precise',
  'insufficient_funds',
  'limit_exceeded',
  'quote_expired',
  'network_not_supported',
  'withdrawals_unavailable',
]);

/** /accounts/crypto/withdraw/{iso}: the withdrawal statechart's form, its quote, and the withdrawal as it goes. */
export function WithdrawScreen() {
  const { t } = useTranslation();
  const { iso = '' } = useParams();
  const asset = iso.toUpperCase() as CryptoAsset;
  if (withdrawalNetworks(asset).length === 0) {
    return (
      <section className="stack">
        <h1>{t('withdraw.title', { asset })}</h1>
        <p>{t('withdraw.unsupported', { asset })}</p>
      </section>
    );
  }
  return <WithdrawForm asset={asset} />;
}

function WithdrawForm({ asset }: { asset: CryptoAsset }) {
  const { t } = useTranslation();
  const system = useSystem();
  const flow = useActorRef(
    useFlowMachine(withdrawalMachine, () => withdrawalActors(system)),
    { input: { asset } },
  );
  const view = useSelector(flow, withdrawalView, shallowEqual);
  const stepUp = useSelector(flow, stepUpChild);
  const { summary } = useBalances();
  const balance = summary?.crypto.utgl.coin_balances.find((account) => account.currency === asset)?.balance;
  const [typed, setTyped] = useState(view.amount);
  const [newAddress, setNewAddress] = useState({ address: '', label: '' });
  const error = view.failure ? failureText(t, 'withdraw.failures', OWN_FAILURES, view.failure) : null;

  if (view.step === 'loading') return <p aria-busy="true">{t('withdraw.loading')}</p>;
  if (view.step === 'failed') {
    return (
      <div className="stack" role="alert">
        <p>{t('failure.network_error')}</p>
        <Button onClick={() => flow.send({ type: 'RETRY' })}>{t('withdraw.retry')}</Button>
      </div>
    );
  }
  return (
    <section className="stack" aria-labelledby="withdraw-title">
      <h1 id="withdraw-title">{t('withdraw.title', { asset })}</h1>
      {view.step === 'form' ? (
        <form
          className="form"
          noValidate
          aria-busy={view.busy}
          onSubmit={(event) => {
            event.preventDefault();
            flow.send({ type: 'QUOTE_REQUESTED' });
          }}
        >
          <SelectField
            label={t('withdraw.network')}
            name="network"
            value={view.network ?? ''}
            onChange={(event) => flow.send({ type: 'NETWORK_CHOSEN', network: event.target.value as never })}
            options={view.networks.map((network) => (
              <option key={network} value={network}>
                {EVM_CHAINS[network].name}
              </option>
            ))}
          />
          {view.addresses.length > 0 ? (
            <SelectField
              label={t('withdraw.address')}
              name="address"
              value={view.addressId ?? ''}
              onChange={(event) => flow.send({ type: 'ADDRESS_CHOSEN', addressId: event.target.value })}
              options={view.addresses.map((address) => (
                <option key={address.id} value={address.id}>
                  {`${address.label} · ${address.address.slice(0, 8)}…${address.address.slice(-6)}`}
                </option>
              ))}
            />
          ) : (
            <p>{t('withdraw.noAddress')}</p>
          )}
          <Button type="button" onClick={() => flow.send({ type: 'ADD_ADDRESS_STARTED' })}>
            {t('withdraw.addAddress')}
          </Button>
          <AmountInput
            label={t('withdraw.amount')}
            name="amount"
            asset={asset}
            value={typed}
            max={balance}
            onChange={(text, parsed) => {
              setTyped(text);
              flow.send({ type: 'AMOUNT_CHANGED', amount: parsed.ok ? parsed.value : '' });
            }}
          />
          <div className="form-alert" role="alert" aria-live="assertive">
            {error}
          </div>
          <Button variant="primary" type="submit" busy={view.busy}>
            {t('withdraw.review')}
          </Button>
        </form>
      ) : null}
      {view.step === 'newAddress' ? (
        <form
          className="form"
          noValidate
          aria-busy={view.busy}
          onSubmit={(event) => {
            event.preventDefault();
            flow.send({ type: 'ADDRESS_SUBMITTED', ...newAddress });
          }}
        >
          <h2>{t('withdraw.newAddressTitle', { network: view.network ? EVM_CHAINS[view.network].name : '' })}</h2>
          <TextField
            label={t('withdraw.newAddress')}
            name="new-address"
            dir="ltr"
            autoComplete="off"
            spellCheck={false}
            value={newAddress.address}
            error={error}
            onChange={(event) => setNewAddress({ ...newAddress, address: event.target.value })}
          />
          <TextField
            label={t('withdraw.label')}
            name="label"
            maxLength={40}
            value={newAddress.label}
            onChange={(event) => setNewAddress({ ...newAddress, label: event.target.value })}
          />
          <p>{t('withdraw.coolingOff')}</p>
          <Button variant="primary" type="submit" busy={view.busy}>
            {t('withdraw.saveAddress')}
          </Button>
          <Button type="button" onClick={() => flow.send({ type: 'ADD_ADDRESS_CANCELLED' })}>
            {t('withdraw.cancel')}
          </Button>
        </form>
      ) : null}
      {view.step === 'review' && view.quote ? (
        <div className="stack" data-testid="withdraw-quote">
          <h2>{t('withdraw.reviewTitle')}</h2>
          <dl>
            <dt>{t('withdraw.amount')}</dt>
            <dd>
              <Money amount={view.quote.amount} asset={asset} />
            </dd>
            <dt>{t('withdraw.fee')}</dt>
            <dd>
              <Money amount={view.quote.fee} asset={asset} />
            </dd>
            <dt>{t('withdraw.received')}</dt>
            <dd>
              <Money amount={view.quote.received} asset={asset} />
            </dd>
            <dt>{t('withdraw.to')}</dt>
            <dd>
              <bdi dir="ltr">{view.quote.address}</bdi>
            </dd>
          </dl>
          <div className="form-alert" role="alert" aria-live="assertive">
            {error}
          </div>
          <Button variant="primary" busy={view.busy} onClick={() => flow.send({ type: 'CONFIRMED', idempotencyKey: crypto.randomUUID() })}>
            {t('withdraw.confirm')}
          </Button>
          <Button disabled={view.busy} onClick={() => flow.send({ type: 'EDIT_REQUESTED' })}>
            {t('withdraw.change')}
          </Button>
        </div>
      ) : null}
      {(view.step === 'following' || view.step === 'settled') && view.withdrawal ? (
        <div className="stack">
          <p role="status" aria-live="polite" data-testid="withdraw-status">
            {t(`withdraw.status.${view.withdrawal.status}`)}
          </p>
          <p>
            <Money amount={view.withdrawal.received} asset={asset} />
          </p>
          {view.withdrawal.txHash ? (
            <p>
              {t('withdraw.hash')}{' '}
              <bdi dir="ltr" data-testid="withdraw-hash">
                {view.withdrawal.txHash}
              </bdi>
            </p>
          ) : null}
        </div>
      ) : null}
      <StepUpSheet actor={stepUp} />
    </section>
  );
}
