import { fromPromise } from 'xstate';
import type { Passkey } from '../../../contract';
import type { renamePasskeyMachine } from '../../../machines/renamePasskey/renamePasskey.machine';
import { securityApi } from '../../api/security';
import type { FlowHost } from './host';
import { unwrap } from './unwrap';

/** Renames one passkey; the passkeys list shows the name the server kept. */
export function renamePasskeyActors({ client, queryClient }: FlowHost) {
  return {
    actors: {
      submit: fromPromise(async ({ input }) => {
        const { id, name } = input.input;
        const passkey = await unwrap(securityApi(client).renamePasskey(id, { name: name.trim() }));
        queryClient.setQueryData<Passkey[]>(['passkeys'], (list) => list?.map((each) => (each.id === passkey.id ? passkey : each)));
        return passkey;
      }),
    },
  } satisfies Parameters<typeof renamePasskeyMachine.provide>[0];
}
