import type { Card } from '../../contract/cards';
import { createWriteMachine } from '../write/write.machine';

export const activateCardMachine = createWriteMachine<{ cardId: string }, Card>({
  id: 'activateCard',
  description: 'Activating a physical card that has arrived (shipped), on /card-accounts/cards (POST /cards/:cardId/activate).',
});
