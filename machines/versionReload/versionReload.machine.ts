import { assign, setup } from 'xstate';
import { unprovided } from '../parts/unprovided';

interface VersionReloadContext {
  /** The build id this page was loaded with. */
  runningBuildId: string;
  latestBuildId: string | null;
}

type VersionReloadEvent = { type: 'NAVIGATION_REQUESTED'; href: string };

export const versionReloadMachine = setup({
  types: {
    context: {} as VersionReloadContext,
    input: {} as { runningBuildId: string },
    events: {} as VersionReloadEvent,
  },
  actors: {
    fetchLatestBuild: unprovided<{ id: string }>('fetchLatestBuild'),
  },
  actions: {
    /** A full page load of the target, so the new build's code runs. */
    reloadAt: (_, _params: { href: string }) => {},
  },
  delays: {
    // Often enough that a long-open tab picks up a release within minutes, rare enough to cost nothing.
    BUILD_CHECK_INTERVAL: 5 * 60_000,
  },
  guards: {
    isNewBuild: ({ context }, params: { id: string }) => params.id !== context.runningBuildId,
  },
}).createMachine({
  id: 'versionReload',
  description: 'Polls builds/latest.json; when a new build is out, the next navigation is a full page load so the customer gets it.',
  context: ({ input }) => ({ runningBuildId: input.runningBuildId, latestBuildId: null }),
  initial: 'waiting',
  states: {
    waiting: {
      description: 'Running the newest known build; checks again after the interval.',
      after: {
        BUILD_CHECK_INTERVAL: { target: 'checking', description: 'The interval passed: the app asks whether a newer build is out.' },
      },
    },
    checking: {
      description: 'Fetches builds/latest.json?t=<now>.',
      invoke: {
        id: 'fetchLatestBuild',
        src: 'fetchLatestBuild',
        onDone: [
          {
            guard: { type: 'isNewBuild', params: ({ event }) => ({ id: event.output.id }) },
            target: 'updateReady',
            description: 'A newer build is out: the next navigation will load it.',
            actions: assign({ latestBuildId: ({ event }) => event.output.id }),
          },
          { target: 'waiting', description: 'Still the newest build: checked again after the interval.' },
        ],
        // Offline or a deploy in progress: try again at the next interval.
        onError: { target: 'waiting', description: 'Offline or a deploy in progress: checked again at the next interval.' },
      },
    },
    updateReady: {
      description: 'A newer build exists; the page is not interrupted until the customer navigates.',
      on: {
        NAVIGATION_REQUESTED: {
          target: 'reloading',
          description: 'The customer navigates: the new page loads from the new build.',
          actions: { type: 'reloadAt', params: ({ event }) => ({ href: event.href }) },
        },
      },
    },
    reloading: { type: 'final', description: 'The browser loads the target page from the new build.' },
  },
});
