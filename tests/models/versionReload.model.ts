import type { FlowModel, PageExpectation } from './graph/model';
import { pageTexts } from './graph/page';
import { versionReloadMachine } from '../../machines/versionReload/versionReload.machine';

const RUNNING = 'build-1';
/** The app asks with `?t=<now>`, so no cache answers; each test answers it, not the shared server's file. */
const LATEST_BUILD = '**/builds/latest.json?t=*';
/** Left on the window the path opened: gone once a navigation is a full page load. */
const OPENED = 'opened before the new build';
const TARGET = '/de/terms?tab=1';
/** A page that shows its heading once the app has started (not prerendered), so the new-build watch runs. */
const samePage = (): PageExpectation => ({
  shows: [{ role: 'heading', name: pageTexts('en').screens.registerSuccess.title }],
  windowMarks: { [OPENED]: true },
});
const noNewerBuild = (s: { context: { latestBuildId: string | null } }) =>
  s.context.latestBuildId === null || 'a newer build is known but the tab keeps waiting';

export const versionReloadModel = {
  inputs: { [`running ${RUNNING}`]: { runningBuildId: RUNNING } },
  events: {
    NAVIGATION_REQUESTED: { [`to ${TARGET}`]: { href: TARGET } },
  },
  actors: {
    fetchLatestBuild: {
      done: { 'same build': { id: RUNNING }, 'new build': { id: 'build-2' } },
      error: { offline: new Error('offline') },
    },
  },
  invariants: {
    waiting: noNewerBuild,
    checking: noNewerBuild,
    updateReady: (s) =>
      (s.context.latestBuildId !== null && s.context.latestBuildId !== s.context.runningBuildId) ||
      'an update is ready without a newer build',
    reloading: (s) => (s.status === 'done' && s.context.latestBuildId !== s.context.runningBuildId) || 'reloads without a newer build',
  },
  journeys: {
    // Shortest paths meet `waiting` once; this one checks that the interval starts again after a failed
    // check and after one that found the same build.
    'offline, the same build, then the next check finds a new build': {
      steps: [
        'after BUILD_CHECK_INTERVAL (waiting)',
        'fetchLatestBuild failed (offline)',
        'after BUILD_CHECK_INTERVAL (waiting)',
        'fetchLatestBuild done (same build)',
        'after BUILD_CHECK_INTERVAL (waiting)',
        'fetchLatestBuild done (new build)',
        `NAVIGATION_REQUESTED (to ${TARGET})`,
      ],
    },
  },
  browser: {
    chainPaths: true,
    start: () => [{ installClock: true }, { open: '/register/success' }, { markWindow: OPENED }],
    events: {
      // Following a link: an in-app navigation, which the new-build watch turns into a full page load.
      NAVIGATION_REQUESTED: ({ href }) => [{ navigate: href }],
    },
    actors: {
      // The running build's id is the build's own: the server's file names it. A newer one only this test's answer.
      fetchLatestBuild: {
        done: ({ id }) =>
          id === RUNNING
            ? [{ answer: LATEST_BUILD, times: 1, fromServer: true }]
            : [{ answer: LATEST_BUILD, times: 1, json: { id: 'e2e-newer-build' } }],
        error: () => [{ answer: LATEST_BUILD, times: 1, offline: true }],
      },
    },
    delays: {
      // On Playwright's clock, with a second to spare: the watch's timer starts as the first render ends.
      BUILD_CHECK_INTERVAL: (ms) => [{ advanceClock: ms + 1000 }],
    },
    states: {
      // A newer build known changes nothing on the page until the customer navigates.
      waiting: samePage,
      checking: samePage,
      updateReady: samePage,
      reloading: () => ({
        url: TARGET,
        shows: [{ role: 'heading', level: 1 }],
        windowMarks: { [OPENED]: false },
      }),
    },
  },
} satisfies FlowModel<typeof versionReloadMachine>;
