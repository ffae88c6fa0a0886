import { acceptTermsMachine } from './acceptTerms.machine';
import { asError } from './failure';
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
      TERMS_REQUIRED: (_, before, language) => [
        ...(before.matches('accepted') ? [{ click: { role: 'button' as const, name: pageTexts(language).payByCode.another } }] : []),
        failedCall(REDEEM, asError({ code: 'terms_not_accepted' })),
        ...submitCode(language),
      ],
      ACCEPTED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).legal.accept.accept } }],
      DECLINED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).legal.accept.later } }],
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
      // Not now: the voucher stays refused, and the page says why.
      declined: (_, language) => ({ ...noDialog(language), shows: [{ shownText: pageTexts(language).errors.terms_not_accepted }] }),
    },
  },
} satisfies FlowModel<typeof acceptTermsMachine>;
