import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { createActor, fromPromise, waitFor, type InspectionEvent, type Observer } from 'xstate';
import { biometricMachine } from '../../machines/biometric.machine';
import { chunkReloadMachine } from '../../machines/chunkReload.machine';
import { forgotPasswordMachine } from '../../machines/forgotPassword.machine';
import { registrationMachine, REGISTRATION_STEPS } from '../../machines/registration.machine';
import { languageMachine } from '../../machines/language.machine';
import { loginMachine, type SignInOutcome } from '../../machines/login.machine';
import { phoneChangeMachine, type PhoneCodeRoute, type PhoneProfile } from '../../machines/phoneChange.machine';
import { twoFactorPhoneMachine } from '../../machines/twoFactorPhone.machine';
import { passkeySignInMachine } from '../../machines/passkeySignIn.machine';
import { routeGuardMachine, type GuardDecision } from '../../machines/routeGuard.machine';
import { navigationTarget } from '../routes/target';
import { sessionMachine } from '../../machines/session.machine';
import { socialSignInMachine } from '../../machines/socialSignIn.machine';
import { versionReloadMachine } from '../../machines/versionReload.machine';
import { createApiClient, type ApiResult } from '../api/client';
import { createApi } from '../api/endpoints';
import { localizePath, RTL_LOCALES, splitLocalePath, type CountryCode, type Locale } from '../../contract';
import {
  confirmPasskeyEnrolment,
  createPasskeyCredential,
  enrolPasskey,
  getPasskeyAssertion,
  requestPasskeyEnrolment,
  supportsPasskeyAutofill,
} from '../auth/passkeys';
import { BIOMETRIC_ERROR_CODES } from '../auth/webauthnErrors';
// What flow actors reject with: the one failure type machines read (code, field messages, wait).
import { asError as failure } from '../../machines/failure';
import { createI18n } from '../i18n';
import { RUNNING_BUILD_ID, fetchLatestBuild } from '../platform/build';
import { clearSessionCookies, readAuthToken, readLocaleCookie, readSessionCookies, writeLocaleCookie } from '../platform/cookies';
import { lookupRouteRule } from '../platform/routeRules';
import { STORAGE_KEYS, safeStorage } from '../platform/storage';
import { createQueryClient } from './queryClient';
import { createRegistrationHost } from './registration';
import { notify } from './notify';
import { keepChallenge, rememberResend, takeChallengeDestination } from './twoFactorChallenge';

/** What the router needs to move the page; bound once the router exists. */
export interface Navigator {
  navigate(to: string, options?: { replace?: boolean }): void;
  /** The page a navigation in progress is going to, else the current page. */
  pendingHref(): string;
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

  /** An API answer's data, or a failure with the server's code (a fallback code for unknown ones). */
  async function unwrap<T>(call: Promise<ApiResult<T>>, fallback?: { code: string; message: string }): Promise<T> {
    const result = await call;
    if (result.ok) return result.data;
    const known = ['rate_limited', 'network_error', 'code_invalid', 'code_expired', 'code_attempts_exceeded', 'code_token_invalid'];
    if (fallback && !known.includes(result.error.code)) throw failure(fallback, result.error);
    throw failure(result.error);
  }

  const enterApp = (destination: string) => {
    refreshCookies();
    navigator.navigate(destination, { replace: true });
  };
  const requestResetCode = fromPromise<{ resendAfterSeconds: number }, { email: string }>(async ({ input }) => {
    const result = await api.forgotPassword({ email: input.email });
    if (!result.ok) throw failure(result.error);
    return { resendAfterSeconds: result.data.resendAfterSeconds };
  });
  const requestPhoneCode = fromPromise<{ resendAfterSeconds: number }, { phone: string; route: PhoneCodeRoute }>(async ({ input }) => {
    const { phone, route } = input;
    const result = route === 'set' ? await api.setPhone({ phone }) : await api.updatePhone({ phone, channel: route });
    if (!result.ok) throw failure(result.error);
    return { resendAfterSeconds: result.data.resendAfterSeconds };
  });
  /** Signed in with the password (and maybe an SMS code): the home page may offer a passkey (PasskeyOffer). */
  const enterAfterPassword = (destination: string) => {
    safeStorage('session')?.setItem(STORAGE_KEYS.passkeyOfferAfterLogin, '1');
    enterApp(destination);
  };

  /** Flow machines that screens start, with the app's implementations. */
  const flows = {
    biometric: biometricMachine.provide({
      actors: {
        loadStatus: fromPromise(() => unwrap(api.getValidationStatus())),
        requestEnable: fromPromise(() => requestPasskeyEnrolment(api)),
        confirmEnableCode: fromPromise(({ input }) => confirmPasskeyEnrolment(api, { code_token: input.codeToken, code: input.code })),
        createPasskey: fromPromise(({ input }) => createPasskeyCredential(input.options ?? undefined)),
        confirmEnable: fromPromise(({ input }) => confirmPasskeyEnrolment(api, { code_token: input.codeToken, response: input.response })),
        requestDisable: fromPromise(() =>
          unwrap(api.requestBiometricDisableAll(), {
            code: BIOMETRIC_ERROR_CODES.disableRequestFailed,
            message: 'Failed to request biometric disable',
          }),
        ),
        confirmDisable: fromPromise(({ input }) =>
          unwrap(api.confirmBiometricDisableAll({ code_token: input.codeToken, code: input.code }), {
            code: BIOMETRIC_ERROR_CODES.disableConfirmFailed,
            message: 'Failed to confirm biometric disable',
          }),
        ),
      },
      actions: {
        logFailure: (_, { failure }) => log(`Passkeys: ${failure.step} failed (${failure.code})`, failure.message),
        passkeysChanged: () => void queryClient.invalidateQueries({ queryKey: ['passkeys'] }),
      },
    }),
    passkeySignIn: passkeySignInMachine.provide({
      actors: {
        supportsAutofill: fromPromise(() => supportsPasskeyAutofill()),
        fetchOptions: fromPromise(async () => (await unwrap(api.passkeySignInOptions())).options),
        conditionalAssertion: fromPromise(({ input }) => getPasskeyAssertion(input.options, { conditional: true })),
        modalAssertion: fromPromise(({ input }) => getPasskeyAssertion(input.options)),
        verify: fromPromise(async ({ input }) => {
          await unwrap(api.passkeySignIn({ response: input.response }));
        }),
      },
      actions: {
        enterApp: (_, { destination }) => enterApp(destination),
        logFailure: (_, { error }) => log('Passkey sign-in did not complete', error),
      },
    }),
    login: loginMachine.provide({
      actors: {
        signIn: fromPromise<SignInOutcome, { email: string; password: string }>(async ({ input }) => {
          const result = await api.login(input);
          if (!result.ok) throw failure(result.error);
          return result.data.twoFactorRequired ? { kind: 'twoFactorRequired', challenge: result.data } : { kind: 'signedIn' };
        }),
      },
      actions: {
        enterApp: (_, { destination }) => enterAfterPassword(destination),
        continueWithSecondFactor: (_, { challenge, destination }) => {
          keepChallenge(challenge, destination);
          navigator.navigate(localizePath('/2fa/phone', currentLocale()));
        },
      },
    }),
    twoFactorPhone: twoFactorPhoneMachine.provide({
      actors: {
        verifyCode: fromPromise<void, { challengeToken: string; code: string }>(async ({ input }) => {
          const result = await api.verifyTwoFactor(input);
          if (!result.ok) throw failure(result.error);
        }),
        resendCode: fromPromise<{ resendAfterSeconds: number }, { challengeToken: string }>(async ({ input }) => {
          const result = await api.resendTwoFactor(input);
          if (!result.ok) throw failure(result.error);
          rememberResend(result.data.resendAfterSeconds);
          return { resendAfterSeconds: result.data.resendAfterSeconds };
        }),
      },
      actions: {
        enterApp: (_, { destination }) => {
          takeChallengeDestination();
          enterAfterPassword(destination);
        },
        goToLogin: (_, { notice }) => {
          const locale = currentLocale();
          const destination = takeChallengeDestination();
          const query = new URLSearchParams();
          if (destination && destination !== localizePath('/', locale)) query.set('redirect', destination);
          if (notice) query.set('notice', notice);
          const search = query.toString();
          navigator.navigate(localizePath('/login', locale) + (search ? `?${search}` : ''), { replace: true });
        },
      },
    }),
    phoneChange: phoneChangeMachine.provide({
      actors: {
        loadPhone: fromPromise<PhoneProfile, void>(async () => {
          const result = await api.getMe();
          if (!result.ok) throw failure(result.error);
          const me = result.data;
          return { email: me.email, country: me.country, phone: me.phoneConfirmed ? me.phone : null };
        }),
        requestCode: requestPhoneCode,
        resendCode: requestPhoneCode,
        confirmCode: fromPromise<{ phone: string }, { code: string; route: PhoneCodeRoute }>(async ({ input }) => {
          const confirm = { set: api.confirmPhone, email: api.confirmUpdatePhone, sms: api.confirmUpdatePhoneSms }[input.route];
          const result = await confirm({ code: input.code });
          if (!result.ok) throw failure(result.error);
          if (!result.data.phone) throw new Error('The confirmed profile has no phone');
          return { phone: result.data.phone };
        }),
      },
    }),
    socialSignIn: socialSignInMachine.provide({
      actors: {
        startSignIn: fromPromise(async ({ input }) => {
          const result = await api.startSocialSignIn(input);
          if (!result.ok) throw failure(result.error);
          return result.data;
        }),
      },
      actions: {
        // A full page load: the provider is another site, and the server's callback comes back as one too.
        leaveForProvider: (_, { url }) => window.location.assign(url),
      },
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
          if (!result.ok) throw failure(result.error);
          refreshCookies();
          return { resendAfterSeconds: result.data.resendAfterSeconds };
        }),
        redeemPromoCode: fromPromise(async ({ input }) => {
          const result = await api.redeemPromoCode({ code: input.code });
          if (!result.ok) throw failure(result.error);
          return { code: result.data.code };
        }),
        verifyEmail: fromPromise(async ({ input }) => {
          const result = await api.verifyEmail({ code: input.code });
          if (!result.ok) throw failure(result.error);
        }),
        resendCode: fromPromise(async () => {
          const result = await api.resendVerificationEmail();
          if (!result.ok) throw failure(result.error);
          return { resendAfterSeconds: result.data.resendAfterSeconds };
        }),
        // Throws a failure: its code (and, for the browser's NotAllowedError, its message) reaches the screen.
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
          if (!result.ok) throw failure(result.error);
        }),
      },
      actions: { enterApp: (_, { destination }) => enterApp(destination) },
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
