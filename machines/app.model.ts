import { APP_CHILDREN, APP_CHILDREN_AFTER_RENDER, appMachine, type AppInput } from './app.machine';
import type { FlowModel } from './graph/model';

const signedIn: AppInput = {
  session: { hasAuthToken: true, hasRefreshToken: true },
  language: { pathLocale: 'de', cookieLocale: undefined, signedIn: true },
  versionReload: { runningBuildId: 'build-1' },
  chunkReload: { reloadedAt: null },
  idle: { idleSeconds: 900 },
  balances: { signedIn: true, hidden: false },
  wallet: { connectedLastVisit: true },
};

// The children never finish while the page is open: no outcome to branch on.
const runsForever = { done: {} };

export const appModel = {
  inputs: {
    'signed in, German path': signedIn,
    'a visitor, reloaded after a chunk failed': {
      session: { hasAuthToken: false, hasRefreshToken: false },
      language: { pathLocale: 'en', cookieLocale: 'fr', signedIn: false },
      versionReload: { runningBuildId: 'build-1' },
      chunkReload: { reloadedAt: 1_000 },
      idle: { idleSeconds: null },
      balances: { signedIn: false, hidden: true },
      wallet: { connectedLastVisit: false },
    },
  },
  actors: {
    session: runsForever,
    language: runsForever,
    versionReload: runsForever,
    chunkReload: runsForever,
    routeGuard: runsForever,
    idle: runsForever,
    balances: runsForever,
    wallet: runsForever,
  },
  events: { WALLET_ROUTE_OPENED: { 'a wallet page opens': {} }, APP_HYDRATED: { 'the first render is on screen': {} } },
  invariants: {
    running: (s) => {
      const missing = APP_CHILDREN.filter((id) => !s.children[id]);
      return missing.length === 0 || `not running: ${missing.join(', ')}`;
    },
    'running.rendering': (s) => {
      const early = [...APP_CHILDREN_AFTER_RENDER, 'wallet' as const].filter((id) => s.children[id]);
      return early.length === 0 || `started before the first render: ${early.join(', ')}`;
    },
    'running.rendered': (s) => {
      const missing = APP_CHILDREN_AFTER_RENDER.filter((id) => !s.children[id]);
      return missing.length === 0 || `not running after the first render: ${missing.join(', ')}`;
    },
    'running.rendered.walletNotNeeded': (s) => !s.children.wallet || 'the wallet runs (and loads wagmi) though no wallet page opened',
    'running.rendered.walletRunning': (s) => Boolean(s.children.wallet) || 'a wallet page opened but the wallet does not run',
  },
} satisfies FlowModel<typeof appMachine>;
