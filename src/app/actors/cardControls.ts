import { fromPromise } from 'xstate';
import { cardsApi } from '../../api/cards';
import type { Card, CardControlsBody, CardSecrets } from '../../../contract/cards';
import type { cardControlsMachine } from '../../../machines/cardControls/cardControls.machine';
import { stepUpMachine } from '../../../machines/stepUp/stepUp.machine';
import type { FlowHost } from './host';
import { stepUpActors } from './stepUp';
import { unwrap } from './unwrap';

/** One card's controls on /card-accounts/cards; the reveal runs the one step-up first. */
export function cardControlsActors({ client }: FlowHost) {
  const api = cardsApi(client);
  return {
    actors: {
      setFrozen: fromPromise<Card, { cardId: string; frozen: boolean }>(({ input }) =>
        unwrap(api.setCardFrozen(input.cardId, input.frozen)),
      ),
      updateControls: fromPromise<Card, { cardId: string; controls: CardControlsBody }>(({ input }) =>
        unwrap(api.updateCardControls(input.cardId, input.controls)),
      ),
      stepUp: stepUpMachine.provide(stepUpActors({ client })),
      revealCard: fromPromise<CardSecrets, { cardId: string }>(({ input }) => unwrap(api.revealCard(input.cardId))),
    },
  } satisfies Parameters<typeof cardControlsMachine.provide>[0];
}
