import type { Card, CardForm } from '../../contract/cards';
import { createWriteMachine } from '../write/write.machine';

export interface IssueCardInput {
  accountId: string;
  form: CardForm;
}

export const issueCardMachine = createWriteMachine<IssueCardInput, Card>({
  id: 'issueCard',
  description:
    'Adding a virtual card or ordering a physical one on /card-accounts/cards (POST /card-accounts/:accountId/cards, one Idempotency-Key per intent): a double tap issues one card.',
});
