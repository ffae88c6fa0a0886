import type { AssignHeldTransferBody, ReturnHeldTransferBody, ReviewedTransfer } from '../../contract/inject';
import { createWriteMachine } from '../write/write.machine';

/** One decision on one held bank transfer: credit it to a customer, or send it back to the sender. */
export type HeldTransferDecision =
  | { id: string; decision: 'assign'; body: AssignHeldTransferBody }
  | { id: string; decision: 'return'; body: ReturnHeldTransferBody };

export const reviewHeldTransferMachine = createWriteMachine<HeldTransferDecision, ReviewedTransfer>({
  id: 'reviewHeldTransfer',
  description:
    'An admin’s decision on a held bank transfer on /simulate/admin, with a reason for the audit log: assign it to a customer by e-mail (POST /simulate/admin/held-transfers/:id/assign) or return it to the sender (…/return). The held list and the audit log are read again after it.',
  editable: true,
});
