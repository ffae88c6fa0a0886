import { APP_CHILDREN, APP_CHILDREN_AFTER_RENDER, appMachine, type AppInput } from '../../machines/app/app.machine';
import type { FlowModel } from './graph/model';

const signedIn: AppInput = {
  session: { hasAuthToken: true, hasRefreshToken: true },
  language: { pathLocale: 'de', cookieLocale: undefined, signedIn: true },
  versionReload: { runningBuildId: 'build-1' },
  chunkReload: { reloadedAt: null },
  idle: { idleSeconds: 900 },
  balances: { signedIn: true, hidden: false, saved: null },
  wallet: { connectedLastVisit: true },
  online: true,
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
      balances: { signedIn: false, hidden: true, saved: null },
      wallet: { connectedLastVisit: false },
      online: true,
    },
    'signed in, opened offline': { ...signedIn, online: false },
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
  events: {
    WALLET_ROUTE_OPENED: { 'a wallet page opens': {} },
    APP_HYDRATED: { 'the first render is on screen': {} },
    WENT_OFFLINE: { 'the connection drops': {} },
    WENT_ONLINE: { 'the connection is back': { at: 2_000 } },
    CHUNK_LOAD_FAILED: { 'the transfer screen’s code does not load': { targetHref: '/transfer', at: 1_500 } },
  },
  invariants: {
    running: (s) => {
      const missing = APP_CHILDREN.filter((id) => !s.children[id]);
      return missing.length === 0 || `not running: ${missing.join(', ')}`;
    },
    'running.page.rendering': (s) => {
      const early = [...APP_CHILDREN_AFTER_RENDER, 'wallet' as const].filter((id) => s.children[id]);
      return early.length === 0 || `started before the first render: ${early.join(', ')}`;
    },
    'running.page.rendered': (s) => {
      const missing = APP_CHILDREN_AFTER_RENDER.filter((id) => !s.children[id]);
      return missing.length === 0 || `not running after the first render: ${missing.join(', ')}`;
    },
    'running.page.rendered.walletNotNeeded': (s) => !s.children.wallet || 'the wallet runs (and loads wagmi) though no wallet page opened',
    'running.connection.online': (s) =>
      (!s.hasTag('offline') && s.context.failedScreenHref === null) || 'online, yet a screen still waits for the connection',
    'running.connection.offline': (s) => s.hasTag('offline') || 'offline without the offline notice',
    'running.connection.offline.screenMissing': (s) =>
      s.context.failedScreenHref === '/transfer' || 'a screen is missing but the page does not know which to load',
    'running.page.rendered.walletRunning': (s) => Boolean(s.children.wallet) || 'a wallet page opened but the wallet does not run',
  },
  notInBrowser:
    'Its states are its children running, which no page shows as such; the page sides of its events are e2e/shell.spec.ts (offline notice), e2e/wallet.spec.ts and the children’s own browser paths.',
} satisfies FlowModel<typeof appMachine>;
