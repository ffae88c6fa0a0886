import type { CardAccount } from '../../contract/accounts';
import { createWriteMachine } from '../write/write.machine';

export const openCardAccountMachine = createWriteMachine<void, CardAccount>({
  id: 'openCardAccount',
  description:
    'Opening the customer’s card account on /card-accounts (POST /accounts-management/create-accounts-card; a second call answers the existing one). Once open it becomes the chosen card account.',
});
