import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { assetInfo, NETWORKS, type CryptoAsset } from '../../../contract/assetList';
import { onChainDepositMachine } from '../../../machines/onChainDeposit/onChainDeposit.machine';
import { connectOnChainDeposit } from '../../../machines/onChainDeposit/onChainDeposit.view';
import { onChainDepositActors } from '../../app/actors/onChainDeposit';
import { useConnect, useFlowActor, useSystem } from '../../app/context';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/Form';
import { Copyable } from '../../ui/Copyable';
import { ListRow, ListRows } from '../../ui/ListRow';
import { Money } from '../../ui/Money';
import { QrCode } from '../../ui/QrCode';
import { failureText } from '../../ui/failureText';
import { DepositLinkBlock } from './DepositLinkBlock';
import type { EvmNetwork } from '../../../contract/chainList';
import { TopUpLimit } from './TopUpLimit';
import { WalletTopUp } from './WalletTopUp';

/**
 * /inject/crypto/on-chain/:iso: choose the network, then the deposit address with its QR code, the
 * minimum and the confirmations; a deposit is followed from pending to credited. The route table
 * answers 404 for an iso that is no crypto asset. The flow is the onChainDeposit statechart.
 */
export function OnChainDepositScreen() {
  return (
    <div className="stack">
      <TopUpLimit />
      <OnChainDeposit />
    </div>
  );
}

/** The statechart's steps: network, address, then the deposit as it is seen and credited. */
function OnChainDeposit() {
  const { t } = useTranslation();
  const asset = assetInfo(useParams().iso ?? '')!;
  const { balances } = useSystem();
  const flow = useFlowActor(onChainDepositMachine, (host) => onChainDepositActors({ ...host, balances }), {
    input: { asset: asset.code as CryptoAsset },
  });
  const view = useConnect(flow, connectOnChainDeposit);

  if (view.choosingNetwork) {
    return (
      <div className="stack" data-testid="deposit-networks">
        <p>{t('onChain.deposit.chooseNetwork', { asset: asset.code })}</p>
        <ListRows label={t('onChain.deposit.networks')}>
          {asset.networks.map((network) => (
            <ListRow key={network} label={NETWORKS[network].name} onClick={() => view.chooseNetwork(network)} />
          ))}
        </ListRows>
      </div>
    );
  }
  const network = NETWORKS[view.network!].name;
  const changeNetwork = (
    <Button className="button--secondary" onClick={view.changeNetwork}>
      {t('onChain.deposit.changeNetwork')}
    </Button>
  );
  if (view.loading) {
    return (
      <p className="hint-text" data-testid="deposit-address-loading" aria-busy="true">
        {t('onChain.deposit.loading')}
      </p>
    );
  }
  if (view.failed) {
    return (
      <div className="stack" data-testid="deposit-address-failed">
        <FormAlert>{failureText(t, 'errors', view.failure!)}</FormAlert>
        <Button onClick={view.retry}>{t('onChain.deposit.retry')}</Button>
        {changeNetwork}
      </div>
    );
  }
  const address = view.address!;
  return (
    <div className="stack" data-testid={view.credited ? 'deposit-credited' : view.pending ? 'deposit-pending' : 'deposit-address'}>
      <section className="card stack" aria-labelledby="deposit-address-title">
        <h2 id="deposit-address-title" className="section-title">
          {t('onChain.deposit.title', { asset: asset.code, network })}
          {address.local ? <span className="badge"> {t('onChain.deposit.local')}</span> : null}
        </h2>
        <QrCode text={address.paymentUri} label={t('onChain.deposit.qr', { asset: asset.code, network })} />
        <Copyable text={address.address} label={t('onChain.deposit.copy')} />
        <dl className="facts">
          <dt>{t('onChain.deposit.minimum')}</dt>
          <dd>
            <Money amount={address.minimum} asset={asset.code} />
          </dd>
          {address.confirmations ? (
            <>
              <dt>{t('onChain.deposit.confirmationsNeeded')}</dt>
              <dd>{t('onChain.deposit.blocks', { count: address.confirmations })}</dd>
            </>
          ) : null}
        </dl>
        <p className="form-alert" role="note">
          {t('onChain.deposit.warning', { asset: asset.code, network })}
        </p>
      </section>
      {view.dropped ? (
        <p className="form-alert" role="alert">
          {t('onChain.deposit.dropped')}
        </p>
      ) : null}
      {view.deposit ? (
        <section className="card stack" aria-live="polite">
          <p className="section-title">
            {view.credited ? t('onChain.deposit.credited') : t('onChain.deposit.pending')}{' '}
            <Money amount={view.deposit.amount} asset={asset.code} />
          </p>
          {view.pending ? (
            <p className="hint-text">
              {t('onChain.deposit.progress', { count: view.deposit.confirmations, required: view.deposit.required })}
            </p>
          ) : null}
        </section>
      ) : null}
      {address.chainId !== null ? (
        <>
          <WalletTopUp address={address} asset={asset.code as CryptoAsset} />
          <DepositLinkBlock asset={asset.code as CryptoAsset} network={view.network as EvmNetwork} />
        </>
      ) : null}
      {changeNetwork}
    </div>
  );
}
