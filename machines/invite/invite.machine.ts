import { assign, setup } from 'xstate';
import { toFailure } from '../parts/failure';
import { unprovided } from '../parts/unprovided';

/** What is handed to the share sheet or the clipboard. */
export interface InviteShare {
  link: string;
}

type InviteEvent =
  /** `canShare`: the device has a share sheet (`navigator.share`); without one the link is copied instead. */
  { type: 'SHARE_REQUESTED'; link: string; canShare: boolean } | { type: 'COPY_REQUESTED'; link: string };

interface InviteContext {
  link: string | null;
}

export const inviteMachine = setup({
  types: {
    context: {} as InviteContext,
    events: {} as InviteEvent,
  },
  actors: {
    /** The device's share sheet with the invitation link; rejects `share_cancelled` when closed without sharing. */
    shareLink: unprovided<void, InviteShare>('shareLink'),
    /** The link to the clipboard. */
    copyLink: unprovided<void, InviteShare>('copyLink'),
  },
  guards: {
    deviceCanShare: ({ event }) => event.type === 'SHARE_REQUESTED' && event.canShare,
    shareCancelled: ({ event }) => 'error' in event && toFailure(event.error).code === 'share_cancelled',
  },
}).createMachine({
  id: 'invite',
  description:
    'Sharing the invitation link on /profile/invite: the device’s share sheet where there is one, else (or when sharing fails) the link is copied; closing the sheet changes nothing.',
  context: { link: null },
  initial: 'ready',
  states: {
    ready: {
      description: 'Link, QR code, Share and Copy; the last outcome is said under them.',
      meta: { route: '/profile/invite' },
      initial: 'idle',
      on: {
        SHARE_REQUESTED: [
          {
            guard: 'deviceCanShare',
            target: 'sharing',
            description: 'The device has a share sheet: it opens with the invite link.',
            actions: assign({ link: ({ event }) => event.link }),
          },
          {
            target: 'copying',
            actions: assign({ link: ({ event }) => event.link }),
            description: 'No share sheet on this device: the link is copied instead.',
          },
        ],
        COPY_REQUESTED: {
          target: 'copying',
          description: 'The customer asked to copy the invite link.',
          actions: assign({ link: ({ event }) => event.link }),
        },
      },
      states: {
        idle: { description: 'Nothing shared yet (or the sheet was closed).' },
        shared: { description: 'The link was shared: “Shared” shows.', tags: ['shared'] },
        copied: { description: 'The link was copied: “Link copied” shows.', tags: ['copied'] },
        copyFailed: { description: 'Copying was refused: the link is shown selected, to copy by hand.', tags: ['copyFailed'] },
      },
    },
    sharing: {
      description: 'The share sheet is open.',
      tags: ['busy'],
      invoke: {
        id: 'shareLink',
        src: 'shareLink',
        input: ({ context }) => ({ link: context.link! }),
        onDone: { target: 'ready.shared', description: 'The share sheet closed after sharing: “Shared” shows.' },
        onError: [
          { guard: 'shareCancelled', target: 'ready.idle', description: 'Closed without sharing: nothing to say.' },
          { target: 'copying', description: 'The share sheet failed: copy as the fallback.' },
        ],
      },
    },
    copying: {
      description: 'The invite link is being copied to the clipboard.',
      tags: ['busy'],
      invoke: {
        id: 'copyLink',
        src: 'copyLink',
        input: ({ context }) => ({ link: context.link! }),
        onDone: { target: 'ready.copied', description: 'Copied: “Link copied” shows.' },
        onError: { target: 'ready.copyFailed', description: 'The browser refused the copy: the link shows selected, to copy by hand.' },
      },
    },
  },
});
