import { assign, setup } from 'xstate';

interface ChunkReloadContext {
  /** When this tab last reloaded after a chunk failure (from session storage), in ms since the epoch. */
  reloadedAt: number | null;
}

type ChunkReloadEvent = { type: 'CHUNK_LOAD_FAILED'; targetHref: string; at: number };

export const CHUNK_RELOAD_GUARD_MS = 10_000;

export const chunkReloadMachine = setup({
  types: {
    context: {} as ChunkReloadContext,
    input: {} as { reloadedAt: number | null },
    events: {} as ChunkReloadEvent,
    tags: {} as 'gaveUp',
  },
  actions: {
    /** Writes the reload time to session storage, so the next page load knows. */
    recordReload: (_, _params: { at: number }) => {},
    /** A full page load of the page the customer was going to. */
    reloadPage: (_, _params: { href: string }) => {},
    /** Logs that the failure reaches the error page instead of reloading again. */
    reportFailure: () => {},
  },
  guards: {
    reloadedWithinGuard: ({ context, event }) => context.reloadedAt !== null && event.at - context.reloadedAt < CHUNK_RELOAD_GUARD_MS,
  },
}).createMachine({
  id: 'chunkReload',
  description:
    'A screen’s code failed to load (usually a new release removed the old files): reload the target page once; within 10 seconds of a reload, show the error instead of looping.',
  context: ({ input }) => ({ reloadedAt: input.reloadedAt }),
  initial: 'watching',
  states: {
    watching: {
      description: 'Screens load normally.',
      on: {
        CHUNK_LOAD_FAILED: [
          {
            guard: 'reloadedWithinGuard',
            target: 'gaveUp',
            actions: 'reportFailure',
            description: 'Already reloaded less than 10 seconds ago: do not loop.',
          },
          {
            target: 'reloading',
            description: 'First failure in a while: the target page is reloaded once, to get the new release.',
            actions: [
              assign({ reloadedAt: ({ event }) => event.at }),
              { type: 'recordReload', params: ({ event }) => ({ at: event.at }) },
              { type: 'reloadPage', params: ({ event }) => ({ href: event.targetHref }) },
            ],
          },
        ],
      },
    },
    reloading: { type: 'final', description: 'The browser reloads the target page.' },
    gaveUp: {
      description: 'The error page explains the failure.',
      tags: 'gaveUp',
      on: {
        CHUNK_LOAD_FAILED: { description: 'Another screen failed to load: it is reported, no further reload.', actions: 'reportFailure' },
      },
    },
  },
});
