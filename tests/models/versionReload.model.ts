import type { FlowModel } from './graph/model';
import { versionReloadMachine } from '../../machines/versionReload/versionReload.machine';

const RUNNING = 'build-1';
const noNewerBuild = (s: { context: { latestBuildId: string | null } }) =>
  s.context.latestBuildId === null || 'a newer build is known but the tab keeps waiting';

export const versionReloadModel = {
  inputs: { [`running ${RUNNING}`]: { runningBuildId: RUNNING } },
  events: {
    NAVIGATION_REQUESTED: { 'to /de/accounts?tab=1': { href: '/de/accounts?tab=1' } },
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
    // Shortest paths meet `waiting` once; this one checks that the interval starts again after a failed check.
    'offline, then the next check finds a new build': {
      steps: [
        'after BUILD_CHECK_INTERVAL (waiting)',
        'fetchLatestBuild failed (offline)',
        'after BUILD_CHECK_INTERVAL (waiting)',
        'fetchLatestBuild done (new build)',
        'NAVIGATION_REQUESTED (to /de/accounts?tab=1)',
      ],
    },
  },
  // Tried with builds/latest.json answered per test and the check's five minutes on Playwright's clock: the
  // page shows nothing while a newer build is known, so a step cannot wait for the answer to be read (a
  // lazily loaded parser comes in between) before it navigates — a race, not a test.
  notInBrowser:
    'The page shows nothing when a newer build is known (by design), so the browser cannot tell when to navigate; the unit replay covers it.',
} satisfies FlowModel<typeof versionReloadMachine>;
