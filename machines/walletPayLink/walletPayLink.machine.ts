import { depositLinkSettled, type DepositLink } from '../../contract/depositLinks';
import { createFollowMachine } from '../follow/follow.machine';

/** The wallet follows a sent transaction, and the page the link, this often (docs/product.md#the-browser-wallet). */
export const DEPOSIT_LINK_POLL_MS = 4_000;

export const walletPayLinkMachine = createFollowMachine<{ hash: string }, DepositLink>({
  id: 'walletPayLink',
  description:
    'The deposit link on /inject/crypto/on-chain/wallet/{hash}, open to anyone with it, read again every 4 s (GET /deposit-links/{hash}) until it is paid in full or more, so the payer sees it confirming, underpaid or paid.',
  pollMs: DEPOSIT_LINK_POLL_MS,
  settled: depositLinkSettled,
});
