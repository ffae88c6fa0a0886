import type { KycDecisionBody } from '../../contract/kyc';
import type { KycStatus } from '../../contract/users';
import { createWriteMachine } from '../write/write.machine';

/** One decision on one customer's check; the e-mail names them in what the page says after. */
export interface KycDecisionInput {
  userId: string;
  email: string;
  body: KycDecisionBody;
}

export const decideKycMachine = createWriteMachine<KycDecisionInput, { userId: string; status: KycStatus }>({
  id: 'decideKyc',
  description:
    'An admin’s decision on a submitted identity check on /simulate/admin (POST /simulate/admin/kyc/:userId): approve, ask for one step again or reject, the last two with a reason. The queue and the audit log are read again after it.',
});
