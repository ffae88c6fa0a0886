import { acceptTermsMachine } from '../../machines/acceptTerms/acceptTerms.machine';
import { asError } from '../../machines/parts/failure';
import type { FlowModel, PageAction, PageExpectation } from './graph/model';
import { failedCall, failureText, inLanguage, PAGE_LANGUAGES, pageTexts, SIGNED_IN, type PageLanguage } from './graph/page';
import { sessionCookieJar } from './session.model';

/** A money page with one short form: paying with a voucher code, refused while the terms wait. */
const REDEEM = '**/api/inject/pay-by-code';
const ACCEPT = '**/api/users/accept-terms';
const CODE = '0000-0000-0000-0000';
/** Accepted before the version in force (contract/terms.ts). */
const OUTDATED = { ...SIGNED_IN.user, termsVersion: '2025-06' };
const CREDITED = {
  amount: '25.00',
  currency: 'EUR',
  accountId: '3f1e2d4c-5b6a-4789-9abc-def012345678',
  transactionId: '0b5f2a8e-2d5c-4d9b-8a55-5b2f8c1d9e10',
};

const dialog = (language: PageLanguage) => ({ role: 'dialog' as const, name: pageTexts(language).legal.accept.title });
const submitCode = (language: PageLanguage): PageAction[] => [
  { fill: { label: pageTexts(language).payByCode.code }, text: CODE },
  { click: { role: 'button', name: pageTexts(language).payByCode.submit } },
];
const noDialog = (language: PageLanguage): PageExpectation => ({ hides: [dialog(language)] });

export const acceptTermsModel = {
  events: {
    TERMS_REQUIRED: { 'a payment refused for older terms': {} },
    ACCEPTED: { 'taps Accept and continue': {} },
    DECLINED: { 'taps Not now': {} },
    SIGNED_OUT: { 'signs out in another tab': {} },
  },
  actors: {
    acceptTerms: {
      done: { accepted: undefined },
      error: { offline: asError({ code: 'network_error' }) },
    },
  },
  invariants: {
    'asking.failed': (s) => s.context.failure !== null || 'says the acceptance failed without a reason',
    'asking.reading': (s) => s.context.failure === null || 'an old failure shows on a fresh question',
    accepted: (s) => s.context.failure === null || 'accepted with a failure on screen',
    accepting: (s) => s.hasTag('open') || 'the dialog closed while the acceptance is saved',
  },
  notInBrowser: {
    transitions: {
      'accepting → sessionEnded (SIGNED_OUT)':
        'The page answers the acceptance at once, so no other tab can sign out while it is sent (the bindings refuse a busy page); the unit replay takes it.',
    },
  },
  browser: {
    chainPaths: true,
    languages: PAGE_LANGUAGES,
    start: (_, language) => [
      sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
      { answer: '**/api/users/me', method: 'GET', json: OUTDATED },
      { open: inLanguage('/inject/pay-by-code', language) },
    ],
    events: {
      // The voucher is refused once for the terms; after an accepted one the page shows the credit first.
      // Signed out since: signed in again (cookies, then the focus) and back on the voucher page.
      TERMS_REQUIRED: (_, before, language) => [
        ...(before.matches('accepted') ? [{ click: { role: 'button' as const, name: pageTexts(language).payByCode.another } }] : []),
        ...(before.matches('sessionEnded')
          ? [
              sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
              { dispatch: 'focus' as const },
              { navigate: inLanguage('/inject/pay-by-code', language) },
            ]
          : []),
        failedCall(REDEEM, asError({ code: 'terms_not_accepted' })),
        ...submitCode(language),
      ],
      ACCEPTED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).legal.accept.accept } }],
      DECLINED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).legal.accept.later } }],
      // The cookies go as another tab signs out; the app looks again as the window gets the focus. While the
      // acceptance is under way the page holds its answer, so only the open question is left to end.
      SIGNED_OUT: (_, before) =>
        before.hasTag('busy') ? null : [sessionCookieJar({ hasAuthToken: false, hasRefreshToken: false }), { dispatch: 'focus' }],
    },
    actors: {
      acceptTerms: {
        // Accepted: the same voucher call goes again and is credited.
        done: () => [
          { answer: ACCEPT, method: 'POST', times: 1, json: SIGNED_IN.user },
          { answer: REDEEM, method: 'POST', times: 1, json: CREDITED },
        ],
        error: (error) => [failedCall(ACCEPT, error)],
      },
    },
    states: {
      closed: (_, language) => noDialog(language),
      'asking.reading': (_, language) => ({ shows: [dialog(language), { role: 'link', name: pageTexts(language).screens.terms.title }] }),
      'asking.failed': (s, language) => ({
        shows: [
          dialog(language),
          {
            role: 'alert',
            text: `${pageTexts(language).legal.accept.failed} ${failureText(language, {}, s.context.failure!)}`,
          },
        ],
      }),
      accepting: (_, language) => ({ shows: [dialog(language)] }),
      // The refused voucher went again and was credited.
      accepted: (_, language) => ({ ...noDialog(language), shows: [{ role: 'button', name: pageTexts(language).payByCode.another }] }),
      // Signed out in another tab: the dialog is gone with the session, and the voucher stays refused.
      sessionEnded: (_, language) => ({
        ...noDialog(language),
        shows: [{ shownText: pageTexts(language).errors.terms_not_accepted }],
      }),
      // Not now: the voucher stays refused, and the page says why.
      declined: (_, language) => ({ ...noDialog(language), shows: [{ shownText: pageTexts(language).errors.terms_not_accepted }] }),
    },
  },
} satisfies FlowModel<typeof acceptTermsMachine>;
