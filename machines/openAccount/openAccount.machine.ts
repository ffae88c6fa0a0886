import type { Account, OpenAccountBody } from '../../contract/accounts';
import { createWriteMachine } from '../write/write.machine';

export const openAccountMachine = createWriteMachine<OpenAccountBody, Account>({
  id: 'openAccount',
  description:
    'Opening a fiat or crypto account in a currency the customer does not hold (POST /accounts-management/open-account, one Idempotency-Key per intent; a second call answers the same account). Choosing another currency is a new intent.',
  editable: true,
});
