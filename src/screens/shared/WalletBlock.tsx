import './wallet.css';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { connectWallet, type WalletView } from '../../../machines/wallet/wallet.view';
import { useConnect, useSystem } from '../../app/context';
import { Button } from '../../ui/Button';
import { failureText } from '../../ui/failureText';
import { QrCode } from '../../ui/QrCode';

/** The wallet app MetaMask's SDK pairs a phone with. */
const SDK_WALLET = 'MetaMask';

/** A busy status's sentence. */
const BUSY_TEXT = { connecting: 'wallet.connecting', reconnecting: 'wallet.reconnecting', disconnecting: 'wallet.disconnecting' } as const;

/**
 * The link MetaMask's SDK pairs a phone's wallet with: on a phone (a coarse pointer) a deep link into the
 * wallet's app, elsewhere a QR code to scan with the phone. Which one shows is the stylesheet's choice.
 */
function WalletPairing({ uri }: { uri: string }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="wallet-pairing-qr stack">
        <QrCode text={uri} label={t('wallet.pairingCode', { name: SDK_WALLET })} size={240} />
        <p className="hint-text">{t('wallet.scanToConnect', { name: SDK_WALLET })}</p>
      </div>
      <a className="button button--primary button--block wallet-pairing-link" href={uri}>
        {t('wallet.openApp', { name: SDK_WALLET })}
      </a>
    </>
  );
}

/**
 * Connect a wallet, then switch it to the chain the page needs (the wallet is asked to add a chain it
 * does not know). What the page does with a connected wallet on the right chain is `children`.
 */
export function WalletBlock({
  chainId,
  chainName,
  children,
}: {
  chainId: number;
  chainName: string;
  children: (view: WalletView) => ReactNode;
}) {
  const { t } = useTranslation();
  const system = useSystem();
  // Opening a wallet page starts the wallet (and loads wagmi) once per page.
  const [wallet] = useState(() => system.wallet());
  const view = useConnect(wallet, connectWallet);
  const connectors = useQuery({
    queryKey: ['wallet', 'connectors'],
    enabled: view.disconnected && !view.unavailable,
    queryFn: system.walletConnectors,
  });
  const failure = view.failure ? (
    <p className="form-alert" role="alert">
      {failureText(t, 'wallet.errors', view.failure)}
    </p>
  ) : null;

  if (view.waiting) {
    return (
      <section className="card stack" aria-busy="true">
        <p role="status">{t(BUSY_TEXT[view.waiting])}</p>
        {view.connectUri ? <WalletPairing uri={view.connectUri} /> : null}
      </section>
    );
  }
  if (view.disconnected) {
    return (
      <section className="card stack" aria-labelledby="wallet-connect">
        <h2 id="wallet-connect" className="section-title">
          {t('wallet.connectTitle')}
        </h2>
        {failure}
        {view.unavailable ? (
          <Button onClick={view.retry}>{t('wallet.retry')}</Button>
        ) : connectors.data && connectors.data.length > 0 ? (
          connectors.data.map((connector) => (
            <Button key={connector.id} variant="primary" block onClick={() => view.connect(connector.id)}>
              {t('wallet.connectWith', { name: connector.name })}
            </Button>
          ))
        ) : (
          <p className="hint-text">{t('wallet.noWallet')}</p>
        )}
      </section>
    );
  }
  const onRightChain = view.chainId === chainId;
  return (
    <section className="card stack" aria-labelledby="wallet-connected">
      <h2 id="wallet-connected" className="section-title">
        {t('wallet.connected')}
      </h2>
      <p>
        <bdi dir="ltr" className="copyable-text" data-testid="wallet-account">
          {view.account}
        </bdi>
      </p>
      {failure}
      {onRightChain ? (
        children(view)
      ) : (
        <Button variant="primary" block busy={view.switchingChain} onClick={() => view.switchChain(chainId)}>
          {t('wallet.switchTo', { chain: chainName })}
        </Button>
      )}
      <Button variant="link" disabled={view.busy} onClick={view.disconnect}>
        {t('wallet.disconnect')}
      </Button>
    </section>
  );
}
