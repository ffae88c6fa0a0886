import { fromPromise } from 'xstate';
import type { inviteMachine } from '../../../machines/invite/invite.machine';
import type { FlowHost } from './host';
import { asError } from '../../../machines/parts/failure';

/** The invitation link to the device's share sheet or the clipboard. */
export function inviteActors(_host: FlowHost, shareText: () => string) {
  return {
    actors: {
      shareLink: fromPromise<void, { link: string }>(async ({ input }) => {
        try {
          await navigator.share({ text: shareText(), url: input.link });
        } catch (error) {
          // AbortError: the customer closed the sheet. Anything else falls back to copying.
          const cancelled = error instanceof DOMException && error.name === 'AbortError';
          throw asError({ code: cancelled ? 'share_cancelled' : 'share_failed' }, error);
        }
      }),
      copyLink: fromPromise<void, { link: string }>(async ({ input }) => {
        try {
          await navigator.clipboard.writeText(input.link);
        } catch (error) {
          throw asError({ code: 'copy_failed' }, error);
        }
      }),
    },
  } satisfies Parameters<typeof inviteMachine.provide>[0];
}
