import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { createActor, fromPromise, waitFor, type InspectionEvent, type Observer } from 'xstate';
import { chunkReloadMachine } from '../../machines/chunkReload.machine';
import { forgotPasswordMachine } from '../../machines/forgotPassword.machine';
import { registrationMachine, REGISTRATION_STEPS } from '../../machines/registration.machine';
import { languageMachine } from '../../machines/language.machine';
import { loginMachine } from '../../machines/login.machine';
import { routeGuardMachine, type GuardDecision } from '../../machines/routeGuard.machine';
import { navigationTarget } from '../routes/target';
import { sessionMachine } from '../../machines/session.machine';
import { versionReloadMachine } from '../../machines/versionReload.machine';
import { createApiClient, type ApiError } from '../api/client';
import { createApi } from '../api/endpoints';
import { localizePath, RTL_LOCALES, splitLocalePath, type CountryCode, type Locale } from '../api/contract';
import { createI18n } from '../i18n';
import { RUNNING_BUILD_ID, fetchLatestBuild } from '../platform/build';
import {
  clearSessionCookies,
  readAuthToken,
  readLocaleCookie,
  readSessionCookies,
  writeLocaleCookie,
} from '../platform/cookies';
import { lookupRouteRule } from '../platform/routeRules';
import { STORAGE_KEYS, safeStorage } from '../platform/storage';
import { enrolPasskey } from '../auth/passkeys';
import { createQueryClient } from './queryClient';
import { createRegistrationHost } from './registration';
import { notify } from './notify';

/** What the router needs to move the page; bound once the router exists. */
export interface Navigator {
  navigate(to: string, options?: { replace?: boolean }): void;
  /** The page a navigation in progress is going to, else the current page. */
  pendingHref(): string;
}

/** What flow actors reject with: machines read the code, field messages and wait (machines/failure.ts). */
function rejection(error: ApiError): Error {
  return Object.assign(new Error(error.message), {
    code: error.code,
    retryAfterSeconds: error.retryAfterSeconds,
    fields: error.fields,
  });
}

function log(message: string, error?: unknown) {
  console.error(`[meridian] ${message}`, error);
}

export interface AppSystemOptions {
  /** XState's inspection observer for every actor (development: live flow explorer, Stately inspector). */
  inspect?: Observer<InspectionEvent>;
}

/**
 * The app's long-lived actors with their real implementations. Machines stay pure; everything that
 * touches the browser is supplied here with `.provide()`.
 */
export function createAppSystem(startUrl: URL, navigator: Navigator, { inspect }: AppSystemOptions = {}) {
  const pathLocale = splitLocalePath(startUrl.pathname).locale;
  const currentLocale = () => splitLocalePath(window.location.pathname).locale;

  // The client and the session need each other: 401s go to the session, which renews through the client.
  const apiClient = createApiClient({
    baseURL: import.meta.env.VITE_API_BASE ?? '/api',
    getAuthToken: readAuthToken,
    onUnauthorized: async () => {
      session.send({ type: 'UNAUTHORIZED' });
      const settled = await waitFor(session, (s) => !s.matches('refreshing'));
      return settled.hasTag('signedIn');
    },
  });
  const api = createApi(apiClient);

  const session = createActor(
    sessionMachine.provide({
      actors: {
        refreshSession: fromPromise(async () => {
          const result = await api.refresh();
          // 409: another tab renewed the same session a moment ago; its new cookies are ours too.
          if (!result.ok && result.error.code !== 'refresh_conflict') throw new Error(result.error.code);
          return readSessionCookies();
        }),
        logOut: fromPromise(async () => {
          const result = await api.logout();
          if (!result.ok) throw new Error(result.error.code);
        }),
      },
      actions: {
        clearSessionCookies: () => clearSessionCookies(),
        forgetSelectedCardAccount: () => safeStorage('local')?.removeItem(STORAGE_KEYS.selectedCardAccount),
        goToLogin: () => navigator.navigate(localizePath('/login', currentLocale())),
        goToWelcome: () => navigator.navigate(localizePath('/welcome', currentLocale())),
      },
    }),
    { input: readSessionCookies(), inspect },
  );
  const queryClient: QueryClient = createQueryClient();
  const i18n: I18n = createI18n(pathLocale, log);

  const language = createActor(
    languageMachine.provide({
      actors: {
        loadSavedLanguage: fromPromise<string | null, void>(async () => {
          const result = await api.getUserSettings();
          if (!result.ok) throw new Error(result.error.message);
          return result.data.language ?? null;
        }),
        saveLanguage: fromPromise(async ({ input }: { input: { locale: Locale } }) => {
          const result = await api.saveUserSettings({ language: input.locale });
          if (!result.ok) throw Object.assign(new Error(result.error.message), { apiError: result.error });
        }),
      },
      actions: {
        showLanguage: (_, { locale }) => {
          document.documentElement.lang = locale;
          document.documentElement.dir = RTL_LOCALES.has(locale) ? 'rtl' : 'ltr';
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
    }),
    { input: { pathLocale, cookieLocale: readLocaleCookie(), signedIn: session.getSnapshot().hasTag('signedIn') }, inspect },
  );

  const versionReload = createActor(
    versionReloadMachine.provide({
      actors: { fetchLatestBuild: fromPromise(fetchLatestBuild) },
      actions: { reloadAt: (_, { href }) => window.location.assign(href) },
    }),
    { input: { runningBuildId: RUNNING_BUILD_ID }, inspect },
  );

  const storedReloadAt = Number(safeStorage('session')?.getItem(STORAGE_KEYS.chunkReloadedAt));
  const chunkReload = createActor(
    chunkReloadMachine.provide({
      actions: {
        recordReload: (_, { at }) => safeStorage('session')?.setItem(STORAGE_KEYS.chunkReloadedAt, String(at)),
        reloadPage: (_, { href }) => window.location.assign(href),
        reportFailure: () => log('A screen failed to load again right after a reload; showing the error page'),
      },
    }),
    { input: { reloadedAt: Number.isFinite(storedReloadAt) && storedReloadAt > 0 ? storedReloadAt : null }, inspect },
  );

  const routeGuard = createActor(
    routeGuardMachine.provide({
      actors: { lookupRouteRules: fromPromise(({ input }) => lookupRouteRule(input.basePath)) },
    }),
    { inspect },
  );

  // Session → language: the saved language applies once the customer is signed in.
  let wasSignedIn = session.getSnapshot().hasTag('signedIn');
  session.subscribe((snapshot) => {
    const signedIn = snapshot.hasTag('signedIn');
    if (signedIn !== wasSignedIn) language.send({ type: signedIn ? 'SIGNED_IN' : 'SIGNED_OUT' });
    wasSignedIn = signedIn;
  });

  const refreshCookies = () => session.send({ type: 'COOKIES_CHANGED', cookies: readSessionCookies() });

  function start() {
    for (const actor of [session, routeGuard, versionReload, chunkReload, language]) actor.start();
    window.addEventListener('focus', refreshCookies);
    document.addEventListener('visibilitychange', refreshCookies);
    window.addEventListener('vite:preloadError', (event) => {
      chunkReload.send({ type: 'CHUNK_LOAD_FAILED', targetHref: navigator.pendingHref(), at: Date.now() });
      // Reloading: keep the failed import from flashing the error page before the page goes away.
      if (chunkReload.getSnapshot().matches('reloading')) event.preventDefault();
    });
  }

  let firstNavigation = true;

  /** Runs before every page: new-version reload, session cookies, language, then the route guard. */
  async function decide(url: URL): Promise<GuardDecision | 'leaving'> {
    if (!firstNavigation) {
      versionReload.send({ type: 'NAVIGATION_REQUESTED', href: url.pathname + url.search + url.hash });
      if (versionReload.getSnapshot().status === 'done') return 'leaving';
    }
    firstNavigation = false;
    refreshCookies();
    const target = navigationTarget(url, Boolean(readAuthToken()));
    language.send({ type: 'PATH_LOCALE_CHANGED', locale: target.locale });
    routeGuard.send({ type: 'NAVIGATED', target });
    // Compare by identity: a newer navigation may overtake this one while route rules load.
    const snapshot = await waitFor(routeGuard, (s) => s.context.target === target && s.hasTag('decided'));
    return snapshot.context.decision!;
  }

  /** Signed in by a flow: the session learns of the new cookies, then the destination opens. */
  const enterApp = (_: unknown, { destination }: { destination: string }) => {
    refreshCookies();
    navigator.navigate(destination, { replace: true });
  };
  const requestResetCode = fromPromise<{ resendAfterSeconds: number }, { email: string }>(async ({ input }) => {
    const result = await api.forgotPassword({ email: input.email });
    if (!result.ok) throw rejection(result.error);
    return { resendAfterSeconds: result.data.resendAfterSeconds };
  });

  /** Flow machines that screens start, with the app's implementations. */
  const flows = {
    login: loginMachine.provide({
      actors: {
        signIn: fromPromise<void, { email: string; password: string }>(async ({ input }) => {
          const result = await api.login(input);
          if (!result.ok) throw rejection(result.error);
        }),
      },
      actions: { enterApp },
    }),
    registration: registrationMachine.provide({
      actors: {
        register: fromPromise(async ({ input }) => {
          const refCode = safeStorage('local')?.getItem(STORAGE_KEYS.refCode) ?? undefined;
          const result = await api.register({
            email: input.email,
            password: input.password,
            country: input.country as CountryCode,
            // The machine registers only with the terms accepted (its model checks this).
            acceptTerms: true,
            language: currentLocale(),
            ...(refCode ? { refCode } : {}),
          });
          if (!result.ok) throw rejection(result.error);
          refreshCookies();
          return { resendAfterSeconds: result.data.resendAfterSeconds };
        }),
        redeemPromoCode: fromPromise(async ({ input }) => {
          const result = await api.redeemPromoCode({ code: input.code });
          if (!result.ok) throw rejection(result.error);
          return { code: result.data.code };
        }),
        verifyEmail: fromPromise(async ({ input }) => {
          const result = await api.verifyEmail({ code: input.code });
          if (!result.ok) throw rejection(result.error);
        }),
        resendCode: fromPromise(async () => {
          const result = await api.resendVerificationEmail();
          if (!result.ok) throw rejection(result.error);
          return { resendAfterSeconds: result.data.resendAfterSeconds };
        }),
        // Throws a PasskeyError: its code (and, for the browser's NotAllowedError, its message) reaches the screen.
        createPasskey: fromPromise(async () => {
          await enrolPasskey(api);
        }),
      },
      actions: {
        showStep: (_, { step, replace }) => {
          const path = localizePath(REGISTRATION_STEPS[step], currentLocale());
          if (window.location.pathname !== path) navigator.navigate(path, { replace });
        },
      },
    }),
    forgotPassword: forgotPasswordMachine.provide({
      actors: {
        requestCode: requestResetCode,
        resendCode: requestResetCode,
        resetPassword: fromPromise(async ({ input }) => {
          const result = await api.resetPassword(input);
          if (!result.ok) throw rejection(result.error);
        }),
      },
      actions: { enterApp },
    }),
  };
  // One sign-up wizard per tab, kept across its pages (each page is a route of its own).
  const registration = createRegistrationHost(flows.registration, { signedIn: () => session.getSnapshot().hasTag('signedIn'), inspect });
  session.subscribe((snapshot) => {
    if (!snapshot.hasTag('signedIn')) registration.signedOut();
  });

  return { session, language, versionReload, chunkReload, routeGuard, api, queryClient, i18n, flows, registration, start, decide, log };
}

export type AppSystem = ReturnType<typeof createAppSystem>;
