import type { IncomingTransfer, SimulateBankTransferBody } from '../../contract/simulate';
import { createWriteMachine } from '../write/write.machine';

export const simulateBankTransferMachine = createWriteMachine<SimulateBankTransferBody, IncomingTransfer>({
  id: 'simulateBankTransfer',
  description:
    'Demo mode: a bank transfer from someone else arrives on /simulate (POST /simulate/bank-transfer) with the reference the sender wrote: the customer’s own reference credits them, any other is held for the admins’ review.',
  editable: true,
});
