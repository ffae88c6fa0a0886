import { fromPromise } from 'xstate';
import type { openCardAccountMachine } from '../../../machines/openCardAccount/openCardAccount.machine';
import { cardsApi } from '../../api/cards';
import { safeStorage, STORAGE_KEYS } from '../../platform/storage';
import type { FlowHost } from './host';
import { unwrap } from './unwrap';

/** Opens the card account, which becomes the chosen one; the card-account screens read the list again. */
export function openCardAccountActors({ client, queryClient }: FlowHost) {
  return {
    actors: {
      submit: fromPromise(async ({ input }) => {
        const account = await unwrap(cardsApi(client).createCardAccount(input.key));
        safeStorage('local')?.setItem(STORAGE_KEYS.selectedCardAccount, account.id);
        await queryClient.invalidateQueries({ queryKey: ['card-accounts'] });
        return account;
      }),
    },
  } satisfies Parameters<typeof openCardAccountMachine.provide>[0];
}
