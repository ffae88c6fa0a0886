import { depositLinkSettled, type DepositLink } from '../../contract/depositLinks';
import { createFollowMachine } from '../follow/follow.machine';
import { DEPOSIT_LINK_POLL_MS } from '../walletPayLink/walletPayLink.machine';

export const depositLinkPaidMachine = createFollowMachine<{ hash: string }, DepositLink>({
  id: 'depositLinkPaid',
  description:
    'A deposit link the customer just made, under the deposit address: read again every 4 s (GET /deposit-links/{hash}) while the session lasts, until it is paid in full or more, so the customer sees what it was paid.',
  pollMs: DEPOSIT_LINK_POLL_MS,
  settled: depositLinkSettled,
});
