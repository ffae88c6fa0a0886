import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CryptoAsset } from '../../../contract/assetList';
import type { DepositAddress } from '../../../contract/deposits';
import { toUnits } from '../../../contract/wallet';
import type { WalletView } from '../../../machines/wallet.view';
import { useSystem } from '../../app/context';
import { Button } from '../../ui/Button';
import { Copyable } from '../../ui/Copyable';
import { AmountInput } from '../../ui/Money';
import { formatAmount } from '../../ui/money';
import { useUiLocale } from '../../ui/useUiLocale';
import { generalFailureText } from '../shared/failureText';
import { chainName, useChains } from '../shared/useChains';
import { WalletBlock } from '../shared/WalletBlock';
import { walletPayment, type WalletPayee } from '../shared/walletPayment';

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
        {generalFailureText(t, chains.error)}{' '}
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
      {(view) => <WalletDeposit payee={payee} asset={asset} minimum={address.minimum} view={view} />}
    </WalletBlock>
  );
}

/** The amount to send, then the transaction the wallet sent. */
function WalletDeposit({ payee, asset, minimum, view }: { payee: WalletPayee; asset: CryptoAsset; minimum: string; view: WalletView }) {
  const { t } = useTranslation();
  const system = useSystem();
  const locale = useUiLocale();
  const [amount, setAmount] = useState({ text: '', value: null as string | null });
  const [problem, setProblem] = useState<'invalid' | 'belowMinimum' | null>(null);
  // The wallet lives as long as the page: a hash from before this block opened is not this deposit's.
  const [asked, setAsked] = useState(false);

  if (asked && view.transactionHash) {
    return (
      <div className="stack" data-testid="wallet-top-up-sent">
        <p role="status">{t('walletTopUp.sent')}</p>
        <Copyable text={view.transactionHash} label={t('wallet.copyTransaction')} />
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const units = amount.value === null ? 0n : toUnits(amount.value, payee.decimals);
    const found = units <= 0n ? 'invalid' : units < toUnits(minimum, payee.decimals) ? 'belowMinimum' : null;
    setProblem(found);
    if (found || amount.value === null) return;
    setAsked(true);
    system.wallet().send({ type: 'SEND_REQUESTED', transaction: walletPayment(payee, amount.value) });
  };
  return (
    <form className="form" noValidate onSubmit={submit} data-testid="wallet-top-up">
      <p className="hint-text">{t('walletTopUp.lead', { asset })}</p>
      <AmountInput
        label={t('walletTopUp.amount')}
        name="wallet-top-up-amount"
        asset={asset}
        value={amount.text}
        onChange={(text, parsed) => {
          setAmount({ text, value: parsed.ok ? parsed.value : null });
          setProblem(null);
        }}
        error={
          problem === 'invalid'
            ? t('walletTopUp.amountInvalid')
            : problem === 'belowMinimum'
              ? t('walletTopUp.belowMinimum', { minimum: formatAmount(minimum, asset, locale) })
              : null
        }
      />
      <Button variant="primary" type="submit" block busy={view.sending}>
        {t('walletTopUp.send')}
      </Button>
    </form>
  );
}
