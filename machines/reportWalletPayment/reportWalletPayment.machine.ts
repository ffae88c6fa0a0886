import type { DepositLink } from '../../contract/depositLinks';
import { createWriteMachine } from '../write/write.machine';

/** The link paid and the transaction the wallet sent to pay it. */
export interface WalletPaymentReport {
  hash: string;
  txHash: `0x${string}`;
}

export const reportWalletPaymentMachine = createWriteMachine<WalletPaymentReport, DepositLink>({
  id: 'reportWalletPayment',
  description:
    'Once the wallet sent the payment on /inject/crypto/on-chain/wallet/{hash}, the page tells the link which transaction paid it (POST /deposit-links/{hash}/payments, open to anyone; reporting it again changes nothing), so the watcher counts it for the link. A refusal is said under the transaction.',
});
