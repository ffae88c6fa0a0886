import { fromPromise } from 'xstate';
import type { updateNameMachine } from '../../../machines/updateName/updateName.machine';
import { profileApi } from '../../api/profile';
import { meQuery } from '../me';
import type { FlowHost } from './host';
import { unwrap } from './unwrap';

/** Saves the customer's name; every screen reading the customer gets the saved one. */
export function updateNameActors({ client, api, queryClient }: FlowHost) {
  return {
    actors: {
      submit: fromPromise(async ({ input }) => {
        const saved = await unwrap(profileApi(client).updateName(input.input));
        queryClient.setQueryData(meQuery(api).queryKey, saved);
        return saved;
      }),
    },
  } satisfies Parameters<typeof updateNameMachine.provide>[0];
}
