import { createFollowMachine } from '../follow/follow.machine';
import { DEPOSIT_LINK_POLL_MS } from '../walletPayLink/walletPayLink.machine';

/** A sent transaction's depth on its chain, and the depth its chain needs before the watcher credits it. */
export interface Confirmations {
  confirmations: number;
  required: number;
}

/** Deep enough: nothing more to count. */
export const confirmed = ({ confirmations, required }: Confirmations) => confirmations >= required;

export const walletConfirmationsMachine = createFollowMachine<{ hash: `0x${string}`; chainId: number }, Confirmations>({
  id: 'walletConfirmations',
  description:
    'The payer’s transaction on /inject/crypto/on-chain/wallet/{hash}, once the wallet sent it: its confirmations read from the chain’s node every 4 s until the chain’s required depth, so the page counts them up to “Confirmed”.',
  pollMs: DEPOSIT_LINK_POLL_MS,
  settled: confirmed,
});
