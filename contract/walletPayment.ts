import { toUnits } from './decimal';
import { erc20TransferData, type WalletTransaction } from './wallet';

/** Where a wallet pays: an address on a chain, in the native coin (no token) or an ERC-20 token, counted in its own decimals. */
export interface WalletPayee {
  address: string;
  chainId: number;
  /** The token contract; null for the chain's native coin. */
  token: string | null;
  /** The decimals on this chain (BNB Smart Chain's USDT and USDC have 18, not the asset's 6). */
  decimals: number;
}

/** The transaction a wallet is asked to send to pay `amount` (a decimal string): a native transfer, or a token `transfer`. */
export function walletPayment(payee: WalletPayee, amount: string): WalletTransaction {
  const units = toUnits(amount, payee.decimals);
  return payee.token
    ? { to: payee.token, chainId: payee.chainId, value: 0n, data: erc20TransferData(payee.address, units) }
    : { to: payee.address, chainId: payee.chainId, value: units };
}
