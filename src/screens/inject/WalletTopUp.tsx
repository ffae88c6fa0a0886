import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CryptoAsset } from '../../../contract/assetList';
import type { DepositAddress } from '../../../contract/deposits';
import type { WalletPayee } from '../../../contract/walletPayment';
import { walletTopUpMachine } from '../../../machines/walletTopUp/walletTopUp.machine';
import { connectWalletTopUp } from '../../../machines/walletTopUp/walletTopUp.view';
import { walletTopUpActors } from '../../app/actors/walletTopUp';
import { useConnect, useFlowActor, useSystem } from '../../app/context';
import { Button } from '../../ui/Button';
import { Form } from '../../ui/Form';
import { Copyable } from '../../ui/Copyable';
import { AmountInput, useTypedAmount } from '../../ui/Money';
import { formatAmount } from '../../ui/money';
import { useUiLocale } from '../../ui/useUiLocale';
import { failureText } from '../../ui/failureText';
import { chainName, useChains } from '../shared/useChains';
import { WalletBlock } from '../shared/WalletBlock';

/**
 * Under the deposit address: send the deposit from a browser wallet instead. The wallet (and wagmi)
 * starts only when the customer chooses it; what it sends is followed above like any other deposit.
 */
export function WalletTopUp({ address, asset }: { address: DepositAddress; asset: CryptoAsset }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(false);
  if (!chosen) {
    return (
      <Button block onClick={() => setChosen(true)}>
        {t('walletTopUp.choose')}
      </Button>
    );
  }
  return <FromWallet address={address} asset={asset} />;
}

function FromWallet({ address, asset }: { address: DepositAddress; asset: CryptoAsset }) {
  const { t } = useTranslation();
  const chains = useChains();
  if (chains.error) {
    return (
      <p className="form-alert" role="alert">
        {failureText(t, 'errors', chains.error)}{' '}
        <Button className="button--small" onClick={() => void chains.refetch()}>
          {t('wallet.retry')}
        </Button>
      </p>
    );
  }
  const chain = chains.data?.find((candidate) => candidate.chainId === address.chainId);
  if (!chains.data) {
    return (
      <p className="hint-text" aria-busy="true">
        {t('wallet.reconnecting')}
      </p>
    );
  }
  const token = chain?.tokens.find((candidate) => candidate.asset === asset);
  // Only what the chain carries: its native coin, or a token it lists (never the coin in a token's place).
  if (!chain || (!token && chain.nativeCurrency.symbol !== asset)) return null;
  const payee: WalletPayee = {
    address: address.address,
    chainId: chain.chainId,
    token: token?.address ?? null,
    decimals: token?.decimals ?? chain.nativeCurrency.decimals,
  };
  return (
    <WalletBlock chainId={chain.chainId} chainName={chainName(t, chain)}>
      {() => <WalletDeposit payee={payee} asset={asset} minimum={address.minimum} />}
    </WalletBlock>
  );
}

/** The amount to send, then the transaction the wallet sent (the walletTopUp machine keeps the rules). */
function WalletDeposit({ payee, asset, minimum }: { payee: WalletPayee; asset: CryptoAsset; minimum: string }) {
  const { t } = useTranslation();
  const system = useSystem();
  const locale = useUiLocale();
  const flow = useFlowActor(walletTopUpMachine, () => walletTopUpActors(system), { input: { payee, minimum } });
  const view = useConnect(flow, connectWalletTopUp);
  const amount = useTypedAmount();

  if (view.sent) {
    return (
      <div className="stack" data-testid="wallet-top-up-sent">
        <p role="status">{t('walletTopUp.sent')}</p>
        <Copyable text={view.sent} label={t('wallet.copyTransaction')} />
      </div>
    );
  }
  return (
    <div data-testid="wallet-top-up">
      <Form busy={view.busy} onSubmit={() => view.send(amount.value)}>
        <p className="hint-text">{t('walletTopUp.lead', { asset })}</p>
        <AmountInput
          label={t('walletTopUp.amount')}
          name="wallet-top-up-amount"
          asset={asset}
          value={amount.text}
          onChange={(text, parsed) => {
            amount.onChange(text, parsed);
            view.typeAmount();
          }}
          error={
            view.problem === 'invalid'
              ? t('walletTopUp.amountInvalid')
              : view.problem === 'belowMinimum'
                ? t('walletTopUp.belowMinimum', { minimum: formatAmount(view.minimum, asset, locale) })
                : null
          }
        />
        <Button variant="primary" type="submit" block busy={view.busy}>
          {t('walletTopUp.send')}
        </Button>
      </Form>
    </div>
  );
}
