import { CHUNK_RELOAD_GUARD_MS, chunkReloadMachine } from './chunkReload.machine';
import type { FlowModel } from './graph/model';

/** When the failures in the paths happen; the inputs place the last reload relative to it. */
const NOW = 1_000_000;

export const chunkReloadModel = {
  inputs: {
    'no reload yet': { reloadedAt: null },
    'reloaded just under 10 s ago': { reloadedAt: NOW - CHUNK_RELOAD_GUARD_MS + 1 },
    'reloaded 10 s ago': { reloadedAt: NOW - CHUNK_RELOAD_GUARD_MS },
  },
  events: {
    CHUNK_LOAD_FAILED: { 'opening /ar/kyc': { targetHref: '/ar/kyc', at: NOW } },
  },
  invariants: {
    reloading: (s) => (s.status === 'done' && s.context.reloadedAt === NOW) || 'reloads without recording when',
    gaveUp: (s) =>
      (s.context.reloadedAt !== null && NOW - s.context.reloadedAt < CHUNK_RELOAD_GUARD_MS) ||
      'gave up although the last reload is 10 s or more ago',
  },
  notInBrowser: 'No browser bindings yet: a screen chunk failing to load needs a route abort and the page clock at the inputs’ time.',
} satisfies FlowModel<typeof chunkReloadMachine>;
