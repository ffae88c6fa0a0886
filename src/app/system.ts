import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { createActor, fromPromise, getInitialSnapshot, waitFor, type InspectionEvent, type Observer } from 'xstate';
import { appMachine } from '../../machines/app/app.machine';
import { chunkReloadMachine } from '../../machines/chunkReload/chunkReload.machine';
import { languageMachine } from '../../machines/language/language.machine';
import { routeGuardMachine, type GuardDecision } from '../../machines/routeGuard/routeGuard.machine';
import { navigationTarget } from '../routes/target';
import { sessionMachine, type SessionCookies } from '../../machines/session/session.machine';
import { versionReloadMachine } from '../../machines/versionReload/versionReload.machine';
import { idleMachine } from '../../machines/idle/idle.machine';
import { balancesMachine } from '../../machines/balances/balances.machine';
import { walletMachine } from '../../machines/wallet/wallet.machine';
import { acceptTermsMachine } from '../../machines/acceptTerms/acceptTerms.machine';
import { acceptTermsActors } from './actors/acceptTerms';
import { walletImplementation } from './actors/wallet';
import { unwrap } from './actors/unwrap';
import { ACTIVITY } from '../../contract/session';
import { openActivityChannel, type ActivityChannel } from '../platform/activity';
import { createApiClient } from '../api/client';
import { createApi } from '../api/endpoints';
import { localizePath, RTL_LOCALES, splitLocalePath, type Locale } from '../../contract';
import { createI18n } from '../i18n';
import { RUNNING_BUILD_ID, fetchLatestBuild } from '../platform/build';
import {
  clearSessionCookies,
  readAuthToken,
  readLocaleCookie,
  readSessionCookies,
  readSessionMarker,
  writeLocaleCookie,
} from '../platform/cookies';
import { lookupRouteRule } from '../platform/routeRules';
import { STORAGE_KEYS, safeStorage } from '../platform/storage';
import type { FlowHost } from './actors/host';
import { sessionActors } from './actors/session';
import { createQueryClient } from './queryClient';
import type { RegistrationHost } from './registration';
import { forgetAccountRegistration } from './registrationStorage';
import { notify } from './notify';
import { meQuery } from './me';
import { forgetSavedBalances, readSavedBalances, saveBalances } from './savedBalances';
import { asError } from '../../machines/parts/failure';

/** What the router needs to move the page; bound once the router exists. */
export interface Navigator {
  navigate(to: string, options?: { replace?: boolean; state?: unknown }): void;
  /** The page a navigation in progress is going to, else the current page. */
  pendingHref(): string;
}

function log(message: string, error?: unknown) {
  console.error(`[meridian] ${message}`, error);
}

export interface AppSystemOptions {
  /** XState's inspection observer for every actor (development: live flow explorer, Stately inspector). */
  inspect?: Observer<InspectionEvent>;
  /** The session cookies to start from instead of the document's (prerendering a signed-in page). */
  sessionCookies?: SessionCookies;
}

/**
 * The app machine with its long-lived children's real implementations, the API client and what flow
 * actors need of the app (FlowHost). Machines stay pure; everything that touches the browser is supplied
 * here with `.provide()`. Flow machines are provided by their screens' chunks (`actors/<flow>.ts`).
 */
export function createAppSystem(startUrl: URL, navigator: Navigator, { inspect, sessionCookies }: AppSystemOptions = {}) {
  const pathLocale = splitLocalePath(startUrl.pathname).locale;
  const currentLocale = () => splitLocalePath(window.location.pathname).locale;

  // The customer's requests restart the idle count here and in the other tabs (background ones do not).
  const idleChild = () => app.getSnapshot().children.idle;
  // Opened by start(), in the browser: an open channel would keep the build's prerendering process alive.
  let activityChannel: ActivityChannel | null = null;

  // The client and the session need each other: 401s go to the session, which renews through the client.
  const apiClient = createApiClient({
    baseURL: import.meta.env.VITE_API_BASE ?? '/api',
    getAuthToken: readAuthToken,
    onUnauthorized: async () => {
      // The figures kept for offline go with the session, even when it renews: the next fetch keeps new ones.
      forgetSavedBalances();
      const session = child('session');
      session.send({ type: 'UNAUTHORIZED', cookies: readSessionCookies() });
      const settled = await waitFor(session, (s) => !s.matches('refreshing'));
      return settled.hasTag('signedIn');
    },
    // Money calls wait while the customer answers the terms dialog, and go again once accepted.
    onTermsNotAccepted: async () => {
      acceptTerms.send({ type: 'TERMS_REQUIRED' });
      const answered = await waitFor(acceptTerms, (s) => !s.hasTag('open'));
      return answered.hasTag('accepted');
    },
    onCustomerActivity: () => {
      idleChild()?.send({ type: 'ACTIVITY' });
      activityChannel?.announce();
    },
  });
  const api = createApi(apiClient);
  const queryClient: QueryClient = createQueryClient();
  // Started with the app (start()): prerendering never asks.
  const acceptTerms = createActor(acceptTermsMachine.provide(acceptTermsActors(api, queryClient)), { inspect });
  const i18n: I18n = createI18n(pathLocale, log);

  const session = sessionMachine.provide({
    actors: sessionActors(api),
    actions: {
      clearSessionCookies: () => clearSessionCookies(),
      forgetSelectedCardAccount: () => safeStorage('local')?.removeItem(STORAGE_KEYS.selectedCardAccount),
      // The login page says why the server ended the session (`notice`, as /2fa/phone does).
      goToLogin: (_, { reason }) => navigator.navigate(localizePath('/login', currentLocale()) + (reason ? `?notice=${reason}` : '')),
      goToWelcome: () => navigator.navigate(localizePath('/welcome', currentLocale())),
    },
  });

  const language = languageMachine.provide({
    actors: {
      loadSavedLanguage: fromPromise<string | null, void>(async () => (await unwrap(api.getUserSettings())).language ?? null),
      saveLanguage: fromPromise(async ({ input }: { input: { locale: Locale } }) => {
        await unwrap(api.saveUserSettings({ language: input.locale }));
      }),
    },
    actions: {
      showLanguage: (_, { locale }) => {
        // Prerendering (src/prerender.tsx) runs the app in Node: the server writes lang and dir there.
        if (typeof document !== 'undefined') {
          document.documentElement.lang = locale;
          document.documentElement.dir = RTL_LOCALES.has(locale) ? 'rtl' : 'ltr';
        }
        void i18n.changeLanguage(locale);
      },
      moveToLocalePath: (_, { locale }) => {
        const { basePath } = splitLocalePath(window.location.pathname);
        navigator.navigate(localizePath(basePath, locale) + window.location.search + window.location.hash, {
          replace: true,
        });
      },
      rememberLanguage: (_, { locale }) => writeLocaleCookie(locale),
      reportLanguageNotSaved: ({ context, event }) => {
        log('Saving the language failed', 'error' in event ? event.error : undefined);
        // The new language's messages may still be loading: say it in that language once they are in.
        void i18n.loadLanguages(context.locale).then(() => notify.error(i18n.getFixedT(context.locale)('language.notSaved')));
      },
    },
  });

  const versionReload = versionReloadMachine.provide({
    actors: { fetchLatestBuild: fromPromise(fetchLatestBuild) },
    actions: { reloadAt: (_, { href }) => window.location.assign(href) },
  });

  const chunkReload = chunkReloadMachine.provide({
    actions: {
      recordReload: (_, { at }) => safeStorage('session')?.setItem(STORAGE_KEYS.chunkReloadedAt, String(at)),
      reloadPage: (_, { href }) => window.location.assign(href),
      reportFailure: () => log('A screen failed to load again right after a reload; showing the error page'),
    },
  });

  const routeGuard = routeGuardMachine.provide({
    actors: {
      lookupRouteRules: fromPromise(({ input }) => lookupRouteRule(input.basePath)),
      // Read afresh at each such navigation: an e-mail verified a moment ago must open the page.
      loadCustomerStanding: fromPromise(async () => {
        const me = await unwrap(api.getMe());
        return {
          emailVerified: me.emailVerified,
          phoneConfirmed: me.phoneConfirmed,
          kycApproved: me.kycStatus === 'approved',
          role: me.role,
        };
      }),
    },
  });

  const idle = idleMachine.provide({
    actors: {
      staySignedIn: fromPromise(async () => {
        const result = await api.refresh(ACTIVITY.customer);
        // 409: another tab renewed a moment ago, which was the customer's activity too.
        if (!result.ok && result.error.code !== 'refresh_conflict') throw asError(result.error);
        refreshCookies();
      }),
    },
    actions: {
      endIdleSession: () => child('session').send({ type: 'IDLE_TIMED_OUT' }),
      signOut: () => child('session').send({ type: 'LOG_OUT_REQUESTED' }),
    },
  });

  const balances = balancesMachine.provide({
    actors: {
      fetchBalances: fromPromise(({ signal }) => unwrap(api.getSummaryBalance({ signal }))),
    },
    actions: {
      rememberHidden: (_, { hidden }) => {
        const storage = safeStorage('local');
        if (hidden) storage?.setItem(STORAGE_KEYS.hideBalances, '1');
        else storage?.removeItem(STORAGE_KEYS.hideBalances);
      },
      saveFigures: (_, { summary }) => saveBalances(summary, Date.now()),
      forgetFigures: forgetSavedBalances,
    },
  });

  const walletHost = walletImplementation(
    () => unwrap(api.listChains()),
    (event) => app.getSnapshot().children.wallet?.send(event),
  );
  const wallet = walletMachine.provide(walletHost.provide);

  const cookies = sessionCookies ?? readSessionCookies();
  const languageInput = {
    pathLocale,
    cookieLocale: readLocaleCookie(),
    signedIn: getInitialSnapshot(sessionMachine, cookies).hasTag('signedIn'),
  };
  /** How the page starts (pure: no action has run), which decides whether a prerendered page can be taken over. */
  const startsAs = { signedIn: languageInput.signedIn, locale: getInitialSnapshot(languageMachine, languageInput).context.locale };
  const storedReloadAt = Number(safeStorage('session')?.getItem(STORAGE_KEYS.chunkReloadedAt));
  const app = createActor(
    appMachine.provide({ actors: { session, language, versionReload, chunkReload, routeGuard, idle, balances, wallet } }),
    {
      input: {
        session: cookies,
        language: languageInput,
        idle: { idleSeconds: languageInput.signedIn ? (readSessionMarker()?.idleSeconds ?? null) : null },
        versionReload: { runningBuildId: RUNNING_BUILD_ID },
        chunkReload: { reloadedAt: Number.isFinite(storedReloadAt) && storedReloadAt > 0 ? storedReloadAt : null },
        balances: {
          // A page rendered at build time (given its cookies) has no session to poll with: it shows placeholders.
          signedIn: languageInput.signedIn && !sessionCookies,
          hidden: safeStorage('local')?.getItem(STORAGE_KEYS.hideBalances) === '1',
          saved: readSavedBalances(),
        },
        wallet: { connectedLastVisit: safeStorage('local')?.getItem(STORAGE_KEYS.walletConnected) === '1' },
        // Prerendering runs in Node, whose navigator has no connection state: online.
        online: globalThis.navigator?.onLine !== false,
      },
      inspect,
    },
  );

  /** A long-lived child of the app machine; they exist once the app has started. */
  function child<Id extends keyof ReturnType<typeof app.getSnapshot>['children']>(id: Id) {
    const ref = app.getSnapshot().children[id];
    if (!ref) throw new Error(`The app actor "${id}" is not running (start() first)`);
    return ref as NonNullable<typeof ref>;
  }

  const refreshCookies = () => child('session').send({ type: 'COOKIES_CHANGED', cookies: readSessionCookies() });

  // One sign-up wizard per tab, kept across its pages (each page is a route of its own); the register
  // screens create its host, as they bring the registration machine.
  let registration: RegistrationHost | null = null;

  function start() {
    app.start();
    acceptTerms.start();
    activityChannel = openActivityChannel(() => idleChild()?.send({ type: 'ACTIVITY' }));
    const session = child('session');
    let wasSignedIn = session.getSnapshot().hasTag('signedIn');
    let first = true;
    const followSession = (snapshot: ReturnType<typeof session.getSnapshot>) => {
      const signedIn = snapshot.hasTag('signedIn');
      // Session → language: the saved language applies once the customer is signed in.
      if (signedIn !== wasSignedIn) child('language').send({ type: signedIn ? 'SIGNED_IN' : 'SIGNED_OUT' });
      // Session → idle watch, with the limit the server wrote into the marker.
      const idleSeconds = readSessionMarker()?.idleSeconds;
      if (signedIn !== wasSignedIn)
        child('idle').send(signedIn && idleSeconds ? { type: 'SIGNED_IN', idleSeconds } : { type: 'SIGNED_OUT' });
      // Session → balances: polling runs while both tokens exist.
      if (signedIn !== wasSignedIn) child('balances').send({ type: signedIn ? 'SIGNED_IN' : 'SIGNED_OUT' });
      // Session → terms dialog: a dialog left open over the sign-in page would ask no one.
      if (!signedIn && signedIn !== wasSignedIn) acceptTerms.send({ type: 'SIGNED_OUT' });
      // The profile loads as both tokens appear (or at once when the page opens signed in); at sign-out
      // nothing of the customer's data stays for whoever signs in next on this device.
      if (signedIn && (signedIn !== wasSignedIn || first)) void queryClient.prefetchQuery(meQuery(api));
      if (!signedIn && signedIn !== wasSignedIn) queryClient.removeQueries();
      first = false;
      wasSignedIn = signedIn;
      if (!signedIn) {
        if (registration) registration.signedOut();
        else forgetAccountRegistration();
      }
    };
    session.subscribe(followSession);
    // As from the first snapshot on: a page opened signed out drops a wizard of an ended session.
    followSession(session.getSnapshot());
    window.addEventListener('focus', refreshCookies);
    document.addEventListener('visibilitychange', refreshCookies);
    window.addEventListener('offline', () => app.send({ type: 'WENT_OFFLINE' }));
    window.addEventListener('online', () => {
      app.send({ type: 'WENT_ONLINE', at: Date.now() });
      // Figures marked as old are replaced as soon as they can be, not at the next minute's poll.
      if (child('balances').getSnapshot().context.error) child('balances').send({ type: 'BALANCES_REFRESH' });
    });
    window.addEventListener('vite:preloadError', (event) => {
      app.send({ type: 'CHUNK_LOAD_FAILED', targetHref: navigator.pendingHref(), at: Date.now() });
      // Reloading: keep the failed import from flashing the error page before the page goes away.
      // Offline the import fails on, and the route shows the offline notice in the screen's place.
      if (child('chunkReload').getSnapshot().matches('reloading')) event.preventDefault();
    });
  }

  let firstNavigation = true;

  /** Runs before every page: new-version reload, session cookies, language, then the route guard. */
  async function decide(url: URL): Promise<GuardDecision | 'leaving'> {
    // The new-version reload starts after the first render: a navigation before it has no newer build to load.
    const versionReload = app.getSnapshot().children.versionReload;
    // Offline a reload would only load the browser's offline page: the new build waits for a later navigation.
    if (!firstNavigation && versionReload && !app.getSnapshot().hasTag('offline')) {
      versionReload.send({ type: 'NAVIGATION_REQUESTED', href: url.pathname + url.search + url.hash });
      if (versionReload.getSnapshot().status === 'done') return 'leaving';
    }
    firstNavigation = false;
    refreshCookies();
    // Only the refresh token is left (auth_token gone): the session renews before the guard decides.
    await waitFor(child('session'), (s) => !s.hasTag('renewing'));
    const target = navigationTarget(url, Boolean(readAuthToken()));
    child('language').send({ type: 'PATH_LOCALE_CHANGED', locale: target.locale });
    const routeGuard = child('routeGuard');
    routeGuard.send({ type: 'NAVIGATED', target });
    // Compare by identity: a newer navigation may overtake this one while route rules load.
    const snapshot = await waitFor(routeGuard, (s) => s.context.target === target && s.hasTag('decided'));
    return snapshot.context.decision!;
  }

  const enterApp = (destination: string) => {
    refreshCookies();
    navigator.navigate(destination, { replace: true });
  };

  const host: FlowHost = {
    api,
    client: apiClient,
    queryClient,
    log,
    navigate: (to, options) => navigator.navigate(to, options),
    currentLocale,
    refreshCookies,
    enterApp,
    enterAfterPassword: (destination) => {
      safeStorage('session')?.setItem(STORAGE_KEYS.passkeyOfferAfterLogin, '1');
      enterApp(destination);
    },
  };

  return {
    ...host,
    app,
    /** The long-lived actors, found by their systemId (after start()). */
    get session() {
      return child('session');
    },
    get language() {
      return child('language');
    },
    get idle() {
      return child('idle');
    },
    get balances() {
      return child('balances');
    },
    get chunkReload() {
      return child('chunkReload');
    },
    /** The terms dialog, over any page. */
    acceptTerms,
    /** The browser wallet, started on first use (a wallet route sends WALLET_ROUTE_OPENED). */
    wallet() {
      if (!app.getSnapshot().children.wallet) app.send({ type: 'WALLET_ROUTE_OPENED' });
      return child('wallet');
    },
    walletConnectors: walletHost.connectors,
    walletConfirmations: walletHost.confirmations,
    i18n,
    inspect,
    startsAs,
    /** The tab's sign-up wizard host, created by the register screens on first use. */
    registrationHost: (create: () => RegistrationHost) => (registration ??= create()),
    start,
    /** The first render is on screen: the children it did not need start (machines/app/app.machine.ts). */
    rendered: () => app.send({ type: 'APP_HYDRATED' }),
    decide,
  };
}

export type AppSystem = ReturnType<typeof createAppSystem>;
