import type { SnapshotFrom } from 'xstate';
import type { BalancesSummary } from '../../contract/accounts';
import { formatAmount } from '../../contract/money';
import { balancesMachine } from '../../machines/balances/balances.machine';
import { asError, toFailure } from '../../machines/parts/failure';
import type { FlowModel, PageAction, PageExpectation } from './graph/model';
import { inLanguage, PAGE_LANGUAGES, pageTexts, SIGNED_IN, withValues, type PageLanguage } from './graph/page';
import { sessionCookieJar } from './session.model';

type Snapshot = SnapshotFrom<typeof balancesMachine>;

const SUMMARY = '**/api/accounts-management/summary-balance';

const coin = {
  id: '5d0c3a1e-8a4f-4c1b-9e2d-7b6a5c4d3e21',
  name: 'Bitcoin',
  balance: '0.0425',
  usdtValue: '2890.00',
  usdValue: '2890.00',
  rate: '68000',
  rateAt: '2026-11-25T12:00:00.000Z',
  change24h: '-1.25',
  stale: false,
  currency: 'BTC',
} as const;

/** A summary as the server answers it: one crypto and one fiat account. */
export const SAMPLE_SUMMARY: BalancesSummary = {
  total: '5340.75',
  crypto: {
    coin_balances: [coin],
    total: '2890.000000',
    full_accounts_total: '5340.750000',
    utgl: { coin_balances: [coin], total: '2890.000000' },
  },
  fiat: {
    accounts_limit_balances: [
      {
        id: '8e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b',
        name: 'Euro account',
        balance: '2450.75',
        usdtValue: '2450.750000',
        usdValue: '2450.75',
        rate: '1',
        rateAt: '2026-11-25T12:00:00.000Z',
        change24h: null,
        stale: false,
        currency: 'EUR',
        iban: 'DE89370400440532013000',
        topUpLimit: { limitUsd: '1000.00', usedUsd: '0.00', leftUsd: '1000.00', left: '1000.00' },
      },
    ],
  },
  stale: false,
};

/** Figures this device kept from an earlier visit (another total than the server's now), fetched at noon. */
const SAVED = { summary: { ...SAMPLE_SUMMARY, total: '5100.25' }, at: Date.UTC(2026, 10, 24, 12) };

/**
 * Home, signed in with cookie fixtures: the calls it makes besides the balances are answered (the profile,
 * the saved language, the last activities), so no error or retry of theirs gets in the way.
 */
function homeCalls(language: PageLanguage): PageAction[] {
  return [
    { answer: '**/api/users/me', method: 'GET', json: SIGNED_IN.user },
    { answer: '**/api/user-settings', method: 'GET', json: { language } },
    { answer: '**/api/activities?*', method: 'GET', json: { items: [], nextCursor: null } },
  ];
}

/** The words under the figures of an earlier visit, with their time. */
const OLD_FIGURES = { testId: 'balances-saved' };

/** Home's total and its toggle: the figure of the last fetch (masked while hidden), and why a fetch failed. */
function home(s: Snapshot, language: PageLanguage): PageExpectation {
  const texts = pageTexts(language).balances;
  const { summary, error, hidden, savedAt } = s.context;
  const total = summary ? [{ shownText: formatAmount(summary.total, 'USD', language) }] : [];
  const message = error && (error.message === 'Unknown error' ? texts.unknownError : error.message);
  return {
    url: inLanguage('/', language),
    shows: [
      { role: 'button', name: texts.hide },
      ...(hidden ? [] : total),
      ...(message ? [{ role: 'alert' as const, text: withValues(texts.failed, { message }) }] : []),
      // Figures of an earlier visit say when they were fetched.
      ...(savedAt ? [OLD_FIGURES] : []),
    ],
    hides: [
      ...(hidden ? total : []),
      ...(error ? [] : [{ role: 'button' as const, name: texts.retry }]),
      ...(savedAt ? [] : [OLD_FIGURES]),
    ],
  };
}

export const balancesModel = {
  inputs: {
    'signed in, balances shown': { signedIn: true, hidden: false, saved: null },
    'signed out, balances hidden': { signedIn: false, hidden: true, saved: null },
    // Reloaded offline: the last visit's figures are on the device.
    'signed in, figures kept from the last visit': { signedIn: true, hidden: false, saved: SAVED },
  },
  events: {
    SIGNED_IN: { 'both tokens appear': {} },
    SIGNED_OUT: { 'a token disappears': {} },
    BALANCES_REFRESH: { 'money moved': {} },
    HIDE_BALANCES_TOGGLED: { 'taps the eye': {} },
  },
  actors: {
    fetchBalances: {
      done: { 'the summary': SAMPLE_SUMMARY },
      error: {
        'the server says why': asError({ code: 'internal_error', message: 'Balances are being recalculated' }),
        'nothing said': new Error(),
      },
    },
  },
  invariants: {
    '*': (s) =>
      s.hasTag('polling')
        ? // Never an old balance shown as current: kept figures come with the failure that kept them from updating.
          s.context.savedAt === null || s.context.error !== null || 'old figures shown without saying so'
        : (s.context.summary === null && s.context.saved === null && s.context.error === null) || 'signed out but balances kept',
    'polling.waiting': (s) => s.context.summary !== null || s.context.error !== null || 'waiting without balances or a reason',
  },
  journeys: {
    // A failure must keep the figures of the fetch before it, and the next success clears the message.
    'a failed poll keeps the figures, the next one clears the message': {
      steps: [
        'fetchBalances done (the summary)',
        'after BALANCE_POLL (polling.waiting)',
        'fetchBalances failed (the server says why)',
        'after BALANCE_POLL (polling.waiting)',
        'fetchBalances failed (nothing said)',
        'BALANCES_REFRESH (money moved)',
        'fetchBalances done (the summary)',
      ],
    },
  },
  browser: {
    chainPaths: true,
    languages: PAGE_LANGUAGES,
    // Home, on Playwright's clock (running, so the client's own quick retry of a failed GET comes): the
    // 60-second poll is the clock moved on by a minute. Signed out, home sends the visitor to /welcome.
    start: ({ signedIn, hidden, saved }, language) => [
      { installClock: true },
      // Where the app keeps the flag and the figures (STORAGE_KEYS.hideBalances, STORAGE_KEYS.savedBalances).
      { localStorage: { hide_balances: hidden ? '1' : null, saved_balances: saved ? JSON.stringify(saved) : null } },
      sessionCookieJar({ hasAuthToken: signedIn, hasRefreshToken: signedIn }),
      ...homeCalls(language),
      { open: inLanguage('/', language) },
    ],
    events: {
      // Signed in in another tab: the cookies appear, the app looks again as the window gets the focus.
      SIGNED_IN: (_, __, language) => [
        sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
        { dispatch: 'focus' },
        { navigate: inLanguage('/', language) },
      ],
      // Signed out in another tab; a fetch under way is answered at once, so only a settled page is left.
      SIGNED_OUT: (_, before) =>
        before.hasTag('loading') ? null : [sessionCookieJar({ hasAuthToken: false, hasRefreshToken: false }), { dispatch: 'focus' }],
      // What the page offers to fetch again: Try again, under a failure's message.
      BALANCES_REFRESH: (_, before, language) =>
        before.context.error && !before.hasTag('loading')
          ? [{ click: { role: 'button', name: pageTexts(language).balances.retry } }]
          : null,
      // The toggle sits on the balances, which only a signed-in customer sees.
      HIDE_BALANCES_TOGGLED: (_, before, language) =>
        before.hasTag('polling') && !before.hasTag('loading')
          ? [{ click: { role: 'button', name: pageTexts(language).balances.hide } }]
          : null,
    },
    actors: {
      fetchBalances: {
        done: (summary) => [{ answer: SUMMARY, method: 'GET', times: 1, json: summary }],
        // Twice: the client tries a failed GET once more before it gives up.
        error: (error) => {
          const { code, message = '' } = toFailure(error);
          const body = { error: { code: code === 'unknown' ? 'internal_error' : code, message } };
          return [{ answer: SUMMARY, method: 'GET', times: 2, status: 500, json: body }];
        },
      },
    },
    delays: { BALANCE_POLL: (ms) => [{ advanceClock: ms }] },
    states: {
      'polling.waiting': home,
      // Signed out on home the figures go with the session; opened signed out, home sent the visitor to /welcome.
      stopped: (_, language) => ({ hides: [{ shownText: formatAmount(SAMPLE_SUMMARY.total, 'USD', language) }] }),
    },
  },
} satisfies FlowModel<typeof balancesMachine>;
