import { fromPromise } from 'xstate';
import { authApi } from '../../api/auth';
import type { socialSignInMachine } from '../../../machines/socialSignIn/socialSignIn.machine';
import { unwrap } from './unwrap';
import type { FlowHost } from './host';

/** Sign-in with Google or Apple: the server names the provider's page, which is left for in a full page load. */
export function socialSignInActors({ client }: FlowHost) {
  const api = authApi(client);
  return {
    actors: {
      startSignIn: fromPromise(async ({ input }) => {
        const answer = await unwrap(api.startSocialSignIn(input));
        return answer;
      }),
    },
    actions: {
      // A full page load: the provider is another site, and the server's callback comes back as one too.
      leaveForProvider: (_, { url }) => window.location.assign(url),
    },
  } satisfies Parameters<typeof socialSignInMachine.provide>[0];
}
