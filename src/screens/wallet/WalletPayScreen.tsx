import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { EVM_CHAINS } from '../../../contract/chainList';
import { depositLinkSettled, type DepositLink } from '../../../contract/depositLinks';
import { paymentsApi } from '../../api/payments';
import { useApi, useFlowActor, useSystem } from '../../app/context';
import { formatNumber } from '../../i18n/format';
import { pageNotFound } from '../../routes/pageNotFound';
import { Button } from '../../ui/Button';
import { Copyable } from '../../ui/Copyable';
import { Money } from '../../ui/Money';
import { useUiLocale } from '../../ui/useUiLocale';
import { failureText } from '../../ui/failureText';
import { chainName, useChains } from '../shared/useChains';
import { WalletBlock } from '../shared/WalletBlock';
import { walletPayment } from '../../../contract/walletPayment';
import { DepositLinkStatus } from '../shared/DepositLinkStatus';
import { depositLinkQuery } from '../../app/actors/depositLink';
import { followQuery } from '../../app/actors/follow';
import { walletPayLinkMachine } from '../../../machines/walletPayLink/walletPayLink.machine';
import type { WalletView } from '../../../machines/wallet/wallet.view';
import type { Failure } from '../../../machines/parts/failure';
import { reportWalletPaymentMachine } from '../../../machines/reportWalletPayment/reportWalletPayment.machine';
import { walletConfirmationsMachine } from '../../../machines/walletConfirmations/walletConfirmations.machine';
import { reportWalletPaymentActors, walletConfirmationsQuery } from '../../app/actors/walletPayment';
import { useWrite } from '../../app/useWrite';

const dueOf = (link: DepositLink) => (link.status === 'underpaid' ? link.remainder : link.amount);

/**
 * /inject/crypto/on-chain/wallet/:hash, open to anyone with the link: connect a wallet, switch it to the
 * link's chain, pay the amount to the customer's deposit address, and follow it to its confirmations.
 */
export function WalletPayScreen() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const hash = useParams().hash!;
  const api = useApi(paymentsApi);
  const link = useQuery(depositLinkQuery(api, hash));
  // Followed until it is paid, with or without a session (the link is open to anyone): the watcher credits
  // what arrives at the depth its chain needs.
  useFlowActor(
    walletPayLinkMachine,
    ({ queryClient }) => followQuery(queryClient, (input) => depositLinkQuery(api, input.hash), { session: 'none' }),
    { input: { hash } },
  );
  const chains = useChains();

  if (link.error?.status === 404) throw pageNotFound(pathname);
  const failed = link.error ?? chains.error;
  if (failed) {
    return (
      <p className="form-alert" role="alert">
        {failureText(t, 'errors', failed)}{' '}
        <Button className="button--small" onClick={() => void Promise.all([link.refetch(), chains.refetch()])}>
          {t('wallet.retry')}
        </Button>
      </p>
    );
  }
  const chain = chains.data?.find((candidate) => candidate.chainId === link.data?.chainId);
  if (!link.data || !chains.data) {
    return (
      <section className="card stack" aria-busy="true">
        {/* No figure until the amount is known: a stand-in amount would read as a real one. */}
        <p className="total-amount skeleton skeleton--text" aria-hidden="true">
          {'\u00a0'}
        </p>
        <p className="visually-hidden" role="status">
          {t('app.loading')}
        </p>
      </section>
    );
  }
  const request = link.data;
  // A link can outlive its chain in the server's configuration: named by its network, the switch is refused.
  const chainLabel = chain ? chainName(t, chain) : EVM_CHAINS[request.network].name;
  return (
    <div className="stack">
      <section className="card stack" aria-labelledby="wallet-request">
        <h2 id="wallet-request" className="section-title">
          {t('wallet.requestTitle')}
        </h2>
        <p className="total-amount">
          <Money amount={request.amount} asset={request.asset} />
        </p>
        <DepositLinkStatus link={request} />
        <p>{t('wallet.onChain', { chain: chainLabel })}</p>
        <p className="hint-text">{t('wallet.toAddress')}</p>
        <Copyable text={request.address} label={t('wallet.copyAddress')} />
      </section>
      {depositLinkSettled(request) ? null : (
        <WalletBlock chainId={request.chainId} chainName={chainLabel}>
          {(view) => <Payment request={request} view={view} required={chain?.confirmations ?? 1} />}
        </WalletBlock>
      )}
    </div>
  );
}

function Payment({ request, view, required }: { request: DepositLink; view: WalletView; required: number }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const system = useSystem();
  const hash = view.transactionHash as `0x${string}` | null;
  const report = useWrite(reportWalletPaymentMachine, () => reportWalletPaymentActors(system));
  // The link learns which transaction paid it, once per transaction.
  const { submit } = report;
  useEffect(() => {
    if (hash) submit({ hash: request.hash, txHash: hash });
    // `submit` is made afresh each render; the transaction is what starts a report.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hash, request.hash]);
  if (hash) {
    return <Sent hash={hash} chainId={request.chainId} required={required} failure={report.failure} />;
  }
  return (
    <Button variant="primary" block busy={view.sending} onClick={() => view.pay(walletPayment(request, dueOf(request)))}>
      {t('wallet.pay', { amount: formatNumber(dueOf(request), locale, { maximumFractionDigits: request.decimals }), asset: request.asset })}
    </Button>
  );
}

/** The sent payment: its confirmations counted up to the chain's depth, and a refused report said. */
function Sent({ hash, chainId, required, failure }: { hash: `0x${string}`; chainId: number; required: number; failure: Failure | null }) {
  const { t } = useTranslation();
  const system = useSystem();
  const query = () => walletConfirmationsQuery(system, { hash, chainId }, required);
  const confirmations = useQuery(query());
  useFlowActor(walletConfirmationsMachine, ({ queryClient }) => followQuery(queryClient, query, { session: 'none' }), {
    input: { hash, chainId },
  });
  const count = Math.min(confirmations.data?.confirmations ?? 0, required);
  return (
    <div className="stack">
      <p role="status">{count >= required ? t('wallet.confirmed') : t('wallet.confirming', { done: count, required })}</p>
      {failure ? (
        <p className="form-alert" role="alert">
          {failureText(t, 'errors', failure)}
        </p>
      ) : null}
      <Copyable text={hash} label={t('wallet.copyTransaction')} />
    </div>
  );
}
