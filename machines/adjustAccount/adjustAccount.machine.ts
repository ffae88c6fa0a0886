import type { AdjustmentBody, SimulatedMovement } from '../../contract/simulate';
import { createWriteMachine } from '../write/write.machine';

export const adjustAccountMachine = createWriteMachine<AdjustmentBody, SimulatedMovement>({
  id: 'adjustAccount',
  description:
    'An admin credits or debits a customer’s account on /simulate/admin with a reason (POST /simulate/admin/adjustments, demo mode). The customers, the audit log and the simulation’s accounts are read again after it.',
  editable: true,
});
