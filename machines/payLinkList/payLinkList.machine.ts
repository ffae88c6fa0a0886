import type { PayLink } from '../../contract/payLinks';
import { createFollowMachine } from '../follow/follow.machine';
import { PAY_LINK_POLL_MS } from '../payment/payment.machine';

export const payLinkListMachine = createFollowMachine<void, PayLink[]>({
  id: 'payLinkList',
  description:
    'The requester’s list on /pay, read again every few seconds while the page is open (GET /pay-links), so a request paid by someone else says “Paid” and offers no “Cancel” without a reload.',
  pollMs: PAY_LINK_POLL_MS,
});
