import { fromPromise } from 'xstate';
import type { activateCardMachine } from '../../../machines/activateCard/activateCard.machine';
import type { issueCardMachine } from '../../../machines/issueCard/issueCard.machine';
import { cardsApi } from '../../api/cards';
import type { FlowHost } from './host';
import { unwrap } from './unwrap';

/** The card list of a card account, read again after a card is issued or activated. */
export const cardsQuery = (accountId: string) => ['card-accounts', accountId, 'cards'] as const;

/** Issues a card (the key makes a double tap one card); the list shows it. */
export function issueCardActors({ client, queryClient }: FlowHost) {
  return {
    actors: {
      submit: fromPromise(async ({ input: { input, key } }) => {
        const card = await unwrap(cardsApi(client).issueCard(input.accountId, input.form, key));
        await queryClient.invalidateQueries({ queryKey: cardsQuery(input.accountId) });
        return card;
      }),
    },
  } satisfies Parameters<typeof issueCardMachine.provide>[0];
}

/** Activates a shipped card; the list shows it active. */
export function activateCardActors({ client, queryClient }: FlowHost) {
  return {
    actors: {
      submit: fromPromise(async ({ input: { input } }) => {
        const card = await unwrap(cardsApi(client).activateCard(input.cardId));
        await queryClient.invalidateQueries({ queryKey: cardsQuery(card.accountId) });
        return card;
      }),
    },
  } satisfies Parameters<typeof activateCardMachine.provide>[0];
}
