import type { CardCredit, RepayBody } from '../../contract/cards';
import { createWriteMachine } from '../write/write.machine';

export interface RepayInput extends RepayBody {
  /** The card account whose debt is repaid. */
  accountId: string;
}

export const repayCardDebtMachine = createWriteMachine<RepayInput, CardCredit>({
  id: 'repayCardDebt',
  description:
    'Repaying card debt from a fiat account on /card-accounts/:id (POST /card-accounts/:accountId/repay, money: one Idempotency-Key per intent, kept across retries). Changing the amount or the account is a new intent.',
  editable: true,
});
