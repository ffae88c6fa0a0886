import type { FlowModel, PageAction } from './graph/model';
import { failedCall, inLanguage, PAGE_LANGUAGES, pageTexts, SIGNED_IN, type PageLanguage } from './graph/page';
import { asError } from '../../machines/parts/failure';
import { idleMachine } from '../../machines/idle/idle.machine';
import { sessionCookieJar } from './session.model';

const IDLE_SECONDS = 15 * 60;
const REFRESH = '**/api/auth/refresh';

/** The page's own calls of a signed-in start, answered, so no retry of theirs counts as activity later. */
function signedInPage(language: PageLanguage): PageAction[] {
  return [
    sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
    { answer: '**/api/user-settings', method: 'GET', json: { language } },
    // The profile and the balances load at sign-in too; with the stand-in cookies the server would answer 401,
    // and the renewal that follows would end the session before the question.
    { answer: '**/api/users/me', method: 'GET', json: {} },
    { answer: '**/api/accounts-management/summary-balance', method: 'GET', json: {} },
  ];
}

const dialogTitle = (language: PageLanguage) => pageTexts(language).session.idle.title;
/**
 * The page's own heading: the app renders it after its start, which arms the idle count, so the clock only
 * moves once the count runs (the page is not prerendered; its heading is not there before the app).
 */
const pageRendered = (language: PageLanguage) => ({ role: 'heading' as const, name: pageTexts(language).screens.registerSuccess.title });

export const idleModel = {
  inputs: {
    'signed in, 15-minute limit': { idleSeconds: IDLE_SECONDS },
    'signed out': { idleSeconds: null },
  },
  events: {
    SIGNED_IN: { 'with a 15-minute limit': { idleSeconds: IDLE_SECONDS } },
    SIGNED_OUT: { 'in another tab': {} },
    ACTIVITY: { 'a request made in another tab': {} },
    STAY_SIGNED_IN_CHOSEN: { 'taps Stay signed in': {} },
    SIGN_OUT_CHOSEN: { 'taps Log out': {} },
  },
  actors: {
    staySignedIn: {
      done: { renewed: undefined },
      error: { 'the session was already over': asError({ code: 'session_idle' }) },
    },
  },
  invariants: {
    '*': (s) => !s.hasTag('askingToStay') || s.matches('signedIn') || 'asks to stay while signed out',
    signedIn: (s) => s.context.idleSeconds > 0 || 'signed in without an idle limit',
  },
  journeys: {
    // Shortest paths meet the question once; this one checks that staying starts a full count again.
    'stays, then ignores the question': {
      steps: [
        'after UNTIL_WARNING (signedIn.active)',
        'STAY_SIGNED_IN_CHOSEN (taps Stay signed in)',
        'staySignedIn done (renewed)',
        'after UNTIL_WARNING (signedIn.active)',
        'after WARNING (signedIn.askingToStay)',
      ],
    },
  },
  browser: {
    chainPaths: true,
    languages: PAGE_LANGUAGES,
    // A public page that shows the app's frame: the question shows over any page.
    start: ({ idleSeconds }, language) => [
      { installClock: true },
      ...(idleSeconds ? signedInPage(language) : [sessionCookieJar({ hasAuthToken: false, hasRefreshToken: false })]),
      { open: inLanguage('/register/success', language) },
    ],
    events: {
      // Signing in elsewhere: the cookies appear and the app looks again when the window gets the focus.
      SIGNED_IN: (_, __, language) => [...signedInPage(language), { dispatch: 'focus' }],
      SIGNED_OUT: (_, before) =>
        before.hasTag('busy') ? null : [sessionCookieJar({ hasAuthToken: false, hasRefreshToken: false }), { dispatch: 'focus' }],
      ACTIVITY: () => [{ broadcast: 'meridian-activity' }],
      STAY_SIGNED_IN_CHOSEN: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).session.idle.stay } }],
      SIGN_OUT_CHOSEN: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).session.idle.signOut } }],
    },
    actors: {
      staySignedIn: {
        done: () => [{ answer: REFRESH, method: 'POST', times: 1, json: SIGNED_IN }],
        error: (error) => [failedCall(REFRESH, { code: error instanceof Error ? error.message : 'session_idle' })],
      },
    },
    delays: {
      UNTIL_WARNING: (ms) => [{ advanceClock: ms }],
      WARNING: (ms) => [{ advanceClock: ms }],
    },
    states: {
      'signedIn.active': (_, language) => ({ shows: [pageRendered(language)], hides: [{ role: 'dialog', name: dialogTitle(language) }] }),
      'signedIn.askingToStay': (_, language) => ({ shows: [{ role: 'dialog', name: dialogTitle(language) }] }),
      // Ignored (or the renewal refused): the session ends and the login page says why.
      'signedIn.timedOut': (_, language) => ({
        url: inLanguage('/login?notice=session_idle', language),
        shows: [{ role: 'alert', text: pageTexts(language).login.errors.session_idle }],
        cookies: { auth_token: false, session_info: false },
      }),
      'signedIn.signingOut': (_, language) => ({ url: inLanguage('/welcome', language), cookies: { auth_token: false } }),
      signedOut: (_, language) => ({ hides: [{ role: 'dialog', name: dialogTitle(language) }] }),
    },
  },
} satisfies FlowModel<typeof idleMachine>;
