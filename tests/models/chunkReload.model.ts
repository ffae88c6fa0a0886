import { CHUNK_RELOAD_GUARD_MS, chunkReloadMachine } from '../../machines/chunkReload/chunkReload.machine';
import type { FlowModel } from './graph/model';
import { pageTexts } from './graph/page';

/** When the failures in the paths happen; the inputs place the last reload relative to it. */
const NOW = Date.parse('2026-03-02T09:00:00.000Z');
/** Where the tab keeps its last reload (STORAGE_KEYS.chunkReloadedAt in src/platform/storage.ts). */
const RELOADED_AT = 'chunk_reload_at';
/** The code of the terms page's screens (the legal area's chunk of the production build). */
const LEGAL_CHUNK = '**/assets/legal-*.js';

export const chunkReloadModel = {
  inputs: {
    'no reload yet': { reloadedAt: null },
    'reloaded just under 10 s ago': { reloadedAt: NOW - CHUNK_RELOAD_GUARD_MS + 1 },
    'reloaded 10 s ago': { reloadedAt: NOW - CHUNK_RELOAD_GUARD_MS },
  },
  events: {
    CHUNK_LOAD_FAILED: { 'opening /ar/terms': { targetHref: '/ar/terms', at: NOW } },
  },
  invariants: {
    reloading: (s) => (s.status === 'done' && s.context.reloadedAt === NOW) || 'reloads without recording when',
    gaveUp: (s) =>
      (s.context.reloadedAt !== null && NOW - s.context.reloadedAt < CHUNK_RELOAD_GUARD_MS) ||
      'gave up although the last reload is 10 s or more ago',
  },
  browser: {
    // The page's Date.now() stays at the failure's time, where the inputs place the last reload; its
    // timers run as usual.
    start: ({ reloadedAt }) => [
      { fixedTime: NOW },
      { sessionStorage: { [RELOADED_AT]: reloadedAt === null ? null : String(reloadedAt) } },
      // Not a prerendered page: its heading shows once the app has started and listens for failed screens
      // (on a prerendered one the path moved on before the app had started, and nothing caught the failure).
      { open: '/ar/register/success' },
    ],
    events: {
      // The screen's code fails to load once, as a lost connection or a release that removed it does.
      CHUNK_LOAD_FAILED: ({ targetHref }) => [{ answer: LEGAL_CHUNK, times: 1, offline: true }, { navigate: targetHref }],
    },
    states: {
      watching: () => ({ shows: [{ role: 'heading', name: pageTexts('ar').screens.registerSuccess.title }] }),
      // The reload fetched the code afresh: the terms show, not the error page.
      reloading: () => ({ url: '/ar/terms', shows: [{ role: 'heading', level: 1 }], hides: [{ testId: 'error-page' }] }),
      gaveUp: () => ({ url: '/ar/terms', shows: [{ testId: 'error-page' }] }),
    },
  },
} satisfies FlowModel<typeof chunkReloadMachine>;
