import { useSelector } from '@xstate/react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { CryptoAsset } from '../../../contract/assets';
import { NETWORKS } from '../../../contract/assetList';
import { EVM_CHAINS } from '../../../contract/chainList';
import { ADDRESS_LABEL_MAX_LENGTH, MINIMUM_WITHDRAWAL, type Withdrawal, type WithdrawalNetwork } from '../../../contract/withdrawals';
import { withdrawalMachine, withdrawalNetworks } from '../../../machines/withdrawal/withdrawal.machine';
import { connectWithdrawal, usableFrom } from '../../../machines/withdrawal/withdrawal.view';
import { formatDate } from '../../i18n/format';
import { withdrawalActors } from '../../app/actors/withdrawal';
import { useConnect, useFlowActor, useLocalize, useSystem } from '../../app/context';
import { Button } from '../../ui/Button';
import { Copyable } from '../../ui/Copyable';
import { EmptyState } from '../../ui/EmptyState';
import { Form, FormAlert } from '../../ui/Form';
import { Money } from '../../ui/Money';
import { SelectField, TextField } from '../../ui/TextField';
import { useUiLocale } from '../../ui/useUiLocale';
import { failureText } from '../../ui/failureText';
import { StepUpSheet, stepUpChild } from '../shared/StepUpSheet';
import { useBalances } from '../shared/useBalances';
import { chainName, useChains } from '../shared/useChains';
import { DestinationBook } from './DestinationBook';
import {
  coolingOffHours,
  Fact,
  isolated,
  NewDestinationCard,
  ProgressLinks,
  QuoteFacts,
  ReviewCard,
  SendOutAmount,
  SendOutHead,
  SendOutLoadFailed,
  SendOutLoading,
} from './SendOutParts';
import './withdraw.css';

/** /accounts/crypto/withdraw/{iso}: the withdrawal statechart's form, its quote, and the withdrawal as it goes. */
export function WithdrawScreen() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const { iso = '' } = useParams();
  const asset = iso.toUpperCase() as CryptoAsset;
  if (withdrawalNetworks(asset).length === 0) {
    return (
      <EmptyState
        title={t('withdraw.unsupported', { asset })}
        action={
          <Link className="button button--primary" to={localize('/accounts')}>
            {t('withdraw.backToAccounts')}
          </Link>
        }
      />
    );
  }
  return <WithdrawFlow asset={asset} />;
}

function WithdrawFlow({ asset }: { asset: CryptoAsset }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const system = useSystem();
  const { summary } = useBalances();
  const balance = summary?.crypto.utgl.coin_balances.find((account) => account.currency === asset)?.balance;
  // What the flow checks the amount against: no account of the asset holds nothing; unknown until the balances came.
  const covers = summary ? (balance ?? '0') : null;
  const flow = useFlowActor(withdrawalMachine, () => withdrawalActors(system), { input: { asset, balance: covers } });
  const view = useConnect(flow, connectWithdrawal);
  const balanceChanged = useEffectEvent((covered: string) => view.balanceChanged(covered));
  useEffect(() => {
    if (covers !== null) balanceChanged(covers);
  }, [covers]);
  const stepUp = useSelector(flow, stepUpChild);
  const chains = useChains();
  const networkName = (network: WithdrawalNetwork) => {
    // Mainnet is plain Bitcoin, a proper name; demo mode's test network says what it is.
    if (network === 'bitcoin') return view.bitcoinNetwork === 'testnet' ? t('withdraw.bitcoin.testnet') : NETWORKS.bitcoin.name;
    const chain = chains.data?.find((candidate) => candidate.network === network);
    return chain ? chainName(t, chain) : EVM_CHAINS[network].name;
  };
  const [typed, setTyped] = useState(view.amount);
  // A Bitcoin address is refused in Bitcoin's own words (the general ones describe 0x addresses).
  const error = view.failure
    ? view.network === 'bitcoin' && view.failure.code === 'address_invalid'
      ? t('withdraw.bitcoin.address_invalid')
      : failureText(t, 'withdraw.failures', view.failure)
    : null;
  const coolingOffUntil = usableFrom(view, new Date());

  if (view.loading) return <SendOutLoading label={t('withdraw.loading')} />;
  if (view.loadFailed) return <SendOutLoadFailed failure={view.failure!} onRetry={view.retry} />;
  return (
    <section className="stack" aria-labelledby="withdraw-title">
      <SendOutHead id="withdraw-title" title={t('withdraw.title', { asset })} asset={asset} balance={balance} testId="withdraw-available" />
      {view.onForm ? (
        <Form busy={view.busy} onSubmit={view.requestQuote}>
          <SelectField
            label={t('withdraw.network')}
            name="network"
            value={view.network ?? ''}
            onChange={(event) => view.chooseNetwork(event.target.value as WithdrawalNetwork)}
            options={view.networks.map((network) => (
              <option key={network} value={network}>
                {networkName(network)}
              </option>
            ))}
          />
          {view.addresses.length > 0 ? (
            <SelectField
              label={t('withdraw.address')}
              name="address"
              value={view.addressId ?? ''}
              onChange={(event) => view.choose(event.target.value)}
              options={view.addresses.map((address) => (
                <option key={address.id} value={address.id}>
                  {`${address.label} · ${isolated(`${address.address.slice(0, 8)}…${address.address.slice(-6)}`)}`}
                </option>
              ))}
            />
          ) : (
            <p className="hint-text">{t('withdraw.noAddress')}</p>
          )}
          {coolingOffUntil ? (
            <p className="hint-text" data-testid="withdraw-cooling-off">
              {t('withdraw.usableFrom', { when: formatDate(coolingOffUntil, locale, { dateStyle: 'medium', timeStyle: 'short' }) })}
            </p>
          ) : null}
          <div>
            <Button variant="link" onClick={view.addAddress}>
              {t('withdraw.addAddress')}
            </Button>
          </div>
          <SendOutAmount
            asset={asset}
            typed={typed}
            balance={balance}
            minimum={MINIMUM_WITHDRAWAL[asset]}
            onChange={(text, amount) => {
              setTyped(text);
              view.typeAmount(amount);
            }}
          />
          {/* A rename's refusal is said in its own form. */}
          <FormAlert>{view.renaming ? null : error}</FormAlert>
          <Button variant="primary" type="submit" block busy={view.busy}>
            {t('withdraw.review')}
          </Button>
        </Form>
      ) : null}
      {view.onForm && view.addresses.length > 0 ? (
        <DestinationBook
          id="withdraw-book"
          title={t('withdraw.addressBook.title', { network: view.network ? networkName(view.network) : '' })}
          removeLead={t('withdraw.addressBook.removeLead')}
          testId="withdraw-book-entry"
          maxLength={ADDRESS_LABEL_MAX_LENGTH}
          rows={view.addresses.map((address) => ({
            id: address.id,
            label: address.label,
            hint: [
              <bdi key="address" dir="ltr" className="destination-book-address">
                {address.address}
              </bdi>,
            ],
          }))}
          book={view}
          failure={view.renaming ? error : null}
        />
      ) : null}
      {view.addingDestination ? (
        <NewAddressForm
          title={t('withdraw.newAddressTitle', { network: view.network ? networkName(view.network) : '' })}
          draft={view.draft}
          addressHint={view.network === 'bitcoin' ? t(`withdraw.bitcoin.hint.${view.bitcoinNetwork}`) : t('withdraw.addressHint')}
          coolingOff={
            view.coolingOffSeconds > 0 ? t('withdraw.coolingOffPeriod', { period: coolingOffHours(view.coolingOffSeconds, locale) }) : null
          }
          busy={view.busy}
          error={error}
          onSubmit={view.saveAddress}
          onCancel={view.cancelAddress}
        />
      ) : null}
      {view.reviewing && view.quote ? (
        <ReviewCard
          testId="withdraw-quote"
          confirmLabel={t('withdraw.confirm')}
          note={t('withdraw.final')}
          error={error}
          busy={view.busy}
          onConfirm={view.confirm}
          onEdit={view.edit}
        >
          <QuoteFacts asset={asset} quote={view.quote} feeLabel={t('withdraw.fee')} receivedLabel={t('withdraw.received')}>
            <Fact term={t('withdraw.network')}>{networkName(view.quote.network)}</Fact>
            <Fact term={t('withdraw.to')} code>
              <span>{view.addresses.find((address) => address.id === view.quote!.addressId)?.label}</span>
              <bdi dir="ltr">{view.quote.address}</bdi>
            </Fact>
          </QuoteFacts>
        </ReviewCard>
      ) : null}
      {view.underWay && view.withdrawal ? (
        <WithdrawalProgress withdrawal={view.withdrawal} network={networkName(view.withdrawal.network)} />
      ) : null}
      <StepUpSheet actor={stepUp} />
    </section>
  );
}

/** A new address and its label; what was typed stays through every refusal (the statechart keeps the submitted draft). */
function NewAddressForm(props: {
  title: string;
  draft: { address: string; label: string };
  /** What an address of this network looks like. */
  addressHint: string;
  /** How long a new address waits before it can be used; none when it can be used at once. */
  coolingOff: string | null;
  busy: boolean;
  error: string | null;
  onSubmit: (draft: { address: string; label: string }) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(props.draft);
  return (
    <NewDestinationCard
      title={props.title}
      saveLabel={t('withdraw.saveAddress')}
      coolingOff={props.coolingOff}
      busy={props.busy}
      onSubmit={() => props.onSubmit(draft)}
      onCancel={props.onCancel}
    >
      <TextField
        label={t('withdraw.newAddress')}
        name="new-address"
        dir="ltr"
        autoComplete="off"
        spellCheck={false}
        hint={props.addressHint}
        value={draft.address}
        error={props.error}
        onChange={(event) => setDraft({ ...draft, address: event.target.value })}
      />
      <TextField
        label={t('withdraw.label')}
        name="label"
        maxLength={40}
        hint={t('withdraw.labelHint')}
        value={draft.label}
        onChange={(event) => setDraft({ ...draft, label: event.target.value })}
      />
    </NewDestinationCard>
  );
}

/**
 * The withdrawal as it goes: its status, what arrives where, and once sent its transaction hash with a
 * link to the chain's explorer, or to its activity in the app on a local test node (no explorer knows it).
 */
function WithdrawalProgress({ withdrawal, network }: { withdrawal: Withdrawal; network: string }) {
  const { t } = useTranslation();
  const settled = withdrawal.status === 'confirmed' || withdrawal.status === 'failed';
  return (
    <section className="card stack" aria-labelledby="withdraw-status">
      <p
        id="withdraw-status"
        className={`withdraw-status withdraw-status--${withdrawal.status}`}
        role="status"
        aria-live="polite"
        data-testid="withdraw-status"
      >
        {t(`withdraw.status.${withdrawal.status}`)}
      </p>
      <dl className="fact-list">
        <Fact term={t('withdraw.received')}>
          <Money amount={withdrawal.received} asset={withdrawal.asset} />
        </Fact>
        <Fact term={t('withdraw.network')}>{network}</Fact>
        <Fact term={t('withdraw.to')} code>
          <bdi dir="ltr">{withdrawal.address}</bdi>
        </Fact>
        {withdrawal.txHash ? (
          <Fact term={t('withdraw.hash')} code>
            <span data-testid="withdraw-hash">
              <Copyable text={withdrawal.txHash} label={t('withdraw.copyHash')} />
            </span>
          </Fact>
        ) : null}
      </dl>
      <ProgressLinks activityId={withdrawal.activityId} settled={settled}>
        {withdrawal.explorerUrl ? (
          <a className="button button--secondary" href={withdrawal.explorerUrl} target="_blank" rel="noopener noreferrer">
            {t('withdraw.explorer')}
          </a>
        ) : null}
      </ProgressLinks>
    </section>
  );
}
