import { fromPromise } from 'xstate';
import { authApi } from '../../api/auth';
import type { passkeySignInMachine } from '../../../machines/passkeySignIn/passkeySignIn.machine';
import { getPasskeyAssertion, supportsPasskeyAutofill } from '../../auth/passkeys';
import type { FlowHost } from './host';
import { unwrap } from './unwrap';

/** Signing in with a passkey: the browser's autofill offer or its modal prompt, then the server's check. */
export function passkeySignInActors({ client, log, enterApp }: FlowHost) {
  const api = authApi(client);
  return {
    actors: {
      supportsAutofill: fromPromise(() => supportsPasskeyAutofill()),
      fetchOptions: fromPromise(async () => (await unwrap(api.passkeySignInOptions())).options),
      conditionalAssertion: fromPromise(({ input }) => getPasskeyAssertion(input.options, { conditional: true })),
      modalAssertion: fromPromise(({ input }) => getPasskeyAssertion(input.options)),
      verify: fromPromise(async ({ input }) => {
        await unwrap(api.passkeySignIn({ response: input.response }));
      }),
    },
    actions: {
      enterApp: (_, { destination }) => enterApp(destination),
      logFailure: (_, { error }) => log('Passkey sign-in did not complete', error),
    },
  } satisfies Parameters<typeof passkeySignInMachine.provide>[0];
}
