import type { Payout, SimulatePayoutReturnBody } from '../../contract/payouts';
import { createWriteMachine } from '../write/write.machine';

/** Which payout the simulated bank sends back, and its reason. */
export interface PayoutReturn extends SimulatePayoutReturnBody {
  payoutId: string;
}

export const simulatePayoutReturnMachine = createWriteMachine<PayoutReturn, Payout>({
  id: 'simulatePayoutReturn',
  description:
    'Demo mode: the recipient’s bank sends one of the customer’s payouts back on /simulate (POST /simulate/payouts/:id/return) with a SEPA reason; the whole amount, fee included, comes back once, and the activity shows the reason.',
  editable: true,
});
