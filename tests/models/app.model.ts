import { APP_CHILDREN, APP_CHILDREN_AFTER_RENDER, appMachine, type AppInput } from '../../machines/app/app.machine';
import type { FlowModel, PageAction } from './graph/model';
import { pageTexts } from './graph/page';
import { sessionCookieJar } from './session.model';

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

/** A screen whose code is not in the first load: the terms (the legal area's chunk of the production build). */
const LAZY_SCREEN = '/terms';
const LAZY_SCREEN_CODE = '**/assets/legal-*.js';
const texts = pageTexts('en');
/** The shell's notice while the browser has no connection. */
const offlineNotice = { role: 'status', text: texts.app.offline.notice } as const;

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
    CHUNK_LOAD_FAILED: { 'the terms screen’s code does not load': { targetHref: LAZY_SCREEN, at: 1_500 } },
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
      s.context.failedScreenHref === LAZY_SCREEN || 'a screen is missing but the page does not know which to load',
    'running.page.rendered.walletRunning': (s) => Boolean(s.children.wallet) || 'a wallet page opened but the wallet does not run',
  },
  browser: {
    chainPaths: true,
    // A page that shows its heading once the app has started (not prerendered), in English whatever the
    // input's path language (the language model's part). The wallet a signed-in customer left connected
    // is not started: see the exclusions.
    start: (input) => [
      sessionCookieJar(input.session),
      ...(input.online ? [] : [{ startsOffline: true } as const]),
      { open: '/register/success' },
    ],
    events: {
      // The page renders on its own; what the first render starts is the children's own (their browser paths).
      APP_HYDRATED: (_, before) => (before.context.wallet.connectedLastVisit ? null : []),
      WALLET_ROUTE_OPENED: () => null,
      WENT_OFFLINE: () => [{ dispatch: 'offline' }],
      WENT_ONLINE: () => [{ dispatch: 'online' }],
      // The screen's code fails to load once, as a lost connection or a release that removed it does.
      CHUNK_LOAD_FAILED: ({ targetHref }, before): PageAction[] | null =>
        before.matches({ running: { connection: { offline: 'screenMissing' } } })
          ? null
          : [{ answer: LAZY_SCREEN_CODE, times: 1, offline: true }, { navigate: targetHref }],
    },
    states: {
      'running.page.rendered': () => ({ shows: [{ role: 'heading', level: 1 }] }),
      // Online the shell says nothing of the connection; a screen whose code failed loads (after one reload).
      'running.connection.online': () => ({
        shows: [{ role: 'heading', level: 1 }],
        hides: [offlineNotice, { role: 'heading', name: texts.app.offline.screenTitle }, { testId: 'error-page' }],
      }),
      'running.connection.offline': () => ({ shows: [offlineNotice] }),
      'running.connection.offline.browsing': () => ({ hides: [{ role: 'heading', name: texts.app.offline.screenTitle }] }),
      'running.connection.offline.screenMissing': () => ({ shows: [{ role: 'heading', name: texts.app.offline.screenTitle }] }),
    },
  },
  notInBrowser: {
    states: {
      'running.page.rendered.walletRunning':
        'The wallet running shows nothing until a wallet page reads it; e2e/wallet.spec.ts and the wallet model’s browser paths open those pages.',
    },
    transitions: {
      'running.page.rendering → running.page.rendered.walletRunning (WALLET_ROUTE_OPENED)':
        'The wallet running is not shown as such (above): the wallet pages are the wallet model’s.',
      'running.page.rendered.startingWallet → running.page.rendered.walletRunning (always if walletConnectedLastVisit)':
        'The wallet running is not shown as such (above): the wallet pages are the wallet model’s.',
      'running.page.rendered.walletNotNeeded → running.page.rendered.walletRunning (WALLET_ROUTE_OPENED)':
        'The wallet running is not shown as such (above): the wallet pages are the wallet model’s.',
      'running.connection.offline.screenMissing → running.connection.offline.screenMissing (stays) (CHUNK_LOAD_FAILED)':
        'A second screen failing offline needs a second lazy screen whose code the page has not loaded (the terms page asked again does not fetch its code again); the page shows the same notice either way, and the unit replay checks that the latest one is loaded once online.',
    },
  },
} satisfies FlowModel<typeof appMachine>;
