import type { SnapshotFrom } from 'xstate';
import { voucherCodeProblem } from '../../contract/voucherCode';
import { toFailure } from '../../machines/parts/failure';
import type { FlowModel, PageExpectation } from './graph/model';
import { countedText, failedCall, failureText, inLanguage, PAGE_LANGUAGES, pageTexts, SIGNED_IN, type PageLanguage } from './graph/page';
import { payByCodeMachine } from '../../machines/payByCode/payByCode.machine';
import { sessionCookieJar } from './session.model';

type Snapshot = SnapshotFrom<typeof payByCodeMachine>;

const REDEEM = '**/api/inject/pay-by-code';
/** A code with a right check character (the one of fifteen zeros is 0), and the same with its last character mistyped. */
const GOOD_CODE = '0000-0000-0000-0000';
const TYPO_CODE = '0000-0000-0000-0001';
/** The idle limit the session cookies of `sessionCookieJar` give the page. */
const IDLE_LIMIT_MS = 15 * 60 * 1000;

/** The form, with what the form found wrong or the server's refusal next to it. */
function form(s: Snapshot, language: PageLanguage): PageExpectation {
  const texts = pageTexts(language).payByCode;
  const { problem, failure } = s.context;
  return {
    shows: [
      { label: texts.code, value: s.context.code },
      ...(problem ? [{ shownText: texts.problems[problem] }] : []),
      ...(failure ? [{ shownText: failureText(language, texts.errors, failure) }] : []),
    ],
  };
}

export const payByCodeModel = {
  events: {
    CODE_CHANGED: { 'a good code': { code: GOOD_CODE }, 'a typo': { code: TYPO_CODE }, 'too short': { code: '0000-00' } },
    CODE_SUBMITTED: { redeem: {} },
    ANOTHER_CODE: { 'another code': {} },
  },
  actors: {
    redeemVoucher: {
      done: {
        credited: {
          amount: '25.00',
          currency: 'EUR',
          accountId: '3f1e2d4c-5b6a-4789-9abc-def012345678',
          transactionId: '0b5f2a8e-2d5c-4d9b-8a55-5b2f8c1d9e10',
        },
      },
      error: {
        unknown: { code: 'voucher_unknown' },
        used: { code: 'voucher_used' },
        expired: { code: 'voucher_expired' },
        'too many refused': { code: 'rate_limited', retryAfterSeconds: 900 },
        // Tried again later in the lock-out (a reloaded page): the server answers what is left of it.
        'still locked': { code: 'rate_limited', retryAfterSeconds: 240 },
        offline: { code: 'network_error' },
      },
    },
  },
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.code, s.context.problem, s.context.failure?.code ?? null, s.context.redemption !== null]),
  journeys: {
    // The lock-out runs out and the form, disabled meanwhile, takes a code again.
    'locked out, then typing again': {
      steps: [
        'CODE_CHANGED (a good code)',
        'CODE_SUBMITTED (redeem)',
        'redeemVoucher failed (still locked)',
        'after LOCKED_OUT (lockedOut)',
        'CODE_CHANGED (a typo)',
      ],
    },
  },
  calls: {
    // Decided: the code is the intent. Redeeming one code is one request however often it is tried (a lost
    // answer, a second tap), and the server credits a code once; another code is another request.
    redeemVoucher: ({ code, intent }) => intent === code || 'a voucher redemption whose key does not follow its code',
  },
  invariants: {
    // The rules: nothing is sent that the form's own check refuses; a redemption is shown only once credited.
    checking: (s) => voucherCodeProblem(s.context.code) === null || 'sent a code the form knew was wrong',
    lockedOut: (s) => s.context.retryAfterSeconds > 0 || 'locked out without a wait',
    redeemed: (s) => s.context.redemption !== null || 'redeemed without a redemption',
    entering: (s) => s.context.redemption === null || 'the form shows while a redemption is on screen',
    refused: (s) => s.context.failure !== null || 'refused without saying why',
  },
  browser: {
    chainPaths: true,
    languages: PAGE_LANGUAGES,
    // The page's clock waits once the lock-out shows: the wait passes only in the LOCKED_OUT step.
    start: (_, language) => [
      { clock: 'install' },
      sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
      { answer: '**/api/users/me', method: 'GET', json: SIGNED_IN.user },
      { open: inLanguage('/inject/pay-by-code', language) },
    ],
    events: {
      CODE_CHANGED: ({ code }, _, language) => [{ fill: { label: pageTexts(language).payByCode.code }, text: code }],
      CODE_SUBMITTED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).payByCode.submit } }],
      ANOTHER_CODE: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).payByCode.another } }],
    },
    actors: {
      redeemVoucher: {
        done: (answer) => [{ answer: REDEEM, method: 'POST', times: 1, json: answer }],
        error: (error) => [...(toFailure(error).code === 'rate_limited' ? [{ clock: 'pause' as const }] : []), failedCall(REDEEM, error)],
      },
    },
    // A whole lock-out is as long as the idle limit of the session cookies here (15 minutes): the page would
    // sign out first, as it does for a customer who waits that long without a request.
    delays: { LOCKED_OUT: (ms) => (ms < IDLE_LIMIT_MS ? [{ runClock: ms }] : null) },
    states: {
      entering: form,
      refused: form,
      lockedOut: (s, language) => ({
        shows: [
          {
            shownText: countedText(language, pageTexts(language).payByCode.lockedOut, 'wait', {
              count: Math.ceil(s.context.retryAfterSeconds / 60),
            }),
          },
        ],
      }),
      redeemed: (_, language) => ({ shows: [{ role: 'button', name: pageTexts(language).payByCode.another }] }),
    },
  },
} satisfies FlowModel<typeof payByCodeMachine>;
