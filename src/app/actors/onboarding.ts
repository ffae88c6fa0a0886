import { fromPromise } from 'xstate';
import { profileApi } from '../../api/profile';
import type { onboardingMachine } from '../../../machines/onboarding/onboarding.machine';
import type { FlowHost } from './host';
import { unwrap } from './unwrap';

/** The intro's "seen" setting on the server. */
export function onboardingActors({ client }: FlowHost) {
  const api = profileApi(client);
  return {
    actors: {
      loadOnboarding: fromPromise(() => unwrap(api.getOnboarding({ retry: false }))),
      markIntroSeen: fromPromise(() => unwrap(api.markIntroSeen())),
    },
  } satisfies Parameters<typeof onboardingMachine.provide>[0];
}
