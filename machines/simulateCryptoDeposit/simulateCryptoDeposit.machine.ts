import type { SimulateCryptoDepositBody, SimulatedMovement } from '../../contract/simulate';
import { createWriteMachine } from '../write/write.machine';

export const simulateCryptoDepositMachine = createWriteMachine<SimulateCryptoDepositBody, SimulatedMovement>({
  id: 'simulateCryptoDeposit',
  description:
    'Demo mode: coins arrive in one of the customer’s crypto accounts over one of its networks on /simulate (POST /simulate/crypto-deposit), within the customer’s limits.',
  editable: true,
});
