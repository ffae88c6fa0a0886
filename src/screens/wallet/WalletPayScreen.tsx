import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { EVM_CHAINS } from '../../../contract/chainList';
import type { DepositLink } from '../../../contract/depositLinks';
import { paymentsApi } from '../../api/payments';
import { useSystem } from '../../app/context';
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
import { DepositLinkStatus, depositLinkSettled } from '../shared/DepositLinkStatus';
import type { WalletView } from '../../../machines/wallet.view';
import { unwrap } from '../../app/actors/unwrap';
import type { Failure } from '../../../machines/failure';

/** The wallet follows a sent transaction, and the page the link, this often (the wallet's polling interval, docs/product.md#the-browser-wallet). */
const CONFIRMATION_POLL_MS = 4000;

const dueOf = (link: DepositLink) => (link.status === 'underpaid' ? link.remainder : link.amount);

/**
 * /inject/crypto/on-chain/wallet/:hash, open to anyone with the link: connect a wallet, switch it to the
 * link's chain, pay the amount to the customer's deposit address, and follow it to its confirmations.
 */
export function WalletPayScreen() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const hash = useParams().hash!;
  const system = useSystem();
  const link = useQuery<DepositLink, Failure>({
    queryKey: ['depositLink', hash],
    retry: (count, error) => error.status !== 404 && count < 3,
    // Followed until it is paid: the watcher credits what arrives at the depth its chain needs.
    refetchInterval: (query) => (depositLinkSettled(query.state.data) ? false : CONFIRMATION_POLL_MS),
    queryFn: async ({ signal }) => {
      return unwrap(paymentsApi(system.client).getDepositLink(hash, { retry: false, signal }));
    },
  });
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
        <p className="total-amount skeleton skeleton--inline" aria-hidden="true">
          0.00
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
  const confirmations = useQuery({
    queryKey: ['wallet', 'confirmations', hash],
    enabled: hash !== null,
    queryFn: () => system.walletConfirmations({ hash: hash!, chainId: request.chainId }),
    refetchInterval: (query) => ((query.state.data ?? 0) >= required ? false : CONFIRMATION_POLL_MS),
  });
  // The link learns which transaction paid it; reporting it again changes nothing on the server.
  const reported = useQuery<DepositLink, Failure>({
    queryKey: ['depositLink', request.hash, 'payment', hash],
    enabled: hash !== null,
    staleTime: Infinity,
    queryFn: async () => {
      const link = await unwrap(paymentsApi(system.client).reportDepositLinkPayment(request.hash, { txHash: hash! }));
      system.queryClient.setQueryData(['depositLink', request.hash], link);
      return link;
    },
  });
  if (hash) {
    const count = Math.min(confirmations.data ?? 0, required);
    return (
      <div className="stack">
        <p role="status">{count >= required ? t('wallet.confirmed') : t('wallet.confirming', { done: count, required })}</p>
        {reported.error ? (
          <p className="form-alert" role="alert">
            {failureText(t, 'errors', reported.error)}
          </p>
        ) : null}
        <Copyable text={hash} label={t('wallet.copyTransaction')} />
      </div>
    );
  }
  return (
    <Button
      variant="primary"
      block
      busy={view.sending}
      onClick={() => system.wallet().send({ type: 'SEND_REQUESTED', transaction: walletPayment(request, dueOf(request)) })}
    >
      {t('wallet.pay', { amount: formatNumber(dueOf(request), locale, { maximumFractionDigits: request.decimals }), asset: request.asset })}
    </Button>
  );
}
