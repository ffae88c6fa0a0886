import type { SnapshotFrom } from 'xstate';
import type { PayLink } from '../../contract/payLinks';
import type { FlowModel, PageExpectation } from './graph/model';
import { failedCall, failureText, inLanguage, PAGE_LANGUAGES, pageTexts, SIGNED_IN, type PageLanguage } from './graph/page';
import { payLinkMachine } from '../../machines/payLink/payLink.machine';
import { sessionCookieJar } from './session.model';
import { STEP_UP_OUTCOMES, stepUpInBrowser, stepUpSheet } from './stepUp.model';

type Snapshot = SnapshotFrom<typeof payLinkMachine>;

const CREATE = '**/api/pay-links';
const CANCEL = '**/api/pay-links/*/cancel';

export const SAMPLE_PAY_LINK: PayLink = {
  hash: 'q3Xv8Zb1TkWm0aPc7Yr2Ug',
  asset: 'EUR',
  amount: '12.50',
  description: 'Concert tickets',
  status: 'open',
  expiresAt: null,
  createdAt: '2026-03-02T09:00:00.000Z',
  paidAt: null,
};

/** The form as typed, with the field's refusal or the server's next to it. */
function form(s: Snapshot, language: PageLanguage): PageExpectation {
  const texts = pageTexts(language).payLinks;
  const { formError, failure, cancelled } = s.context;
  return {
    shows: [
      { label: texts.amount },
      // A malformed amount is refused by the amount field itself, in its own words; a missing reason by the form.
      ...(formError === 'description' ? [{ shownText: pageTexts(language).fieldErrors.description.missing }] : []),
      ...(failure ? [{ shownText: failureText(language, texts.failures, failure) }] : []),
      ...(cancelled ? [{ shownText: texts.list.cancelled }] : []),
    ],
    hides: [stepUpSheet(language)],
  };
}

export const payLinkModel = {
  events: {
    REQUEST_SUBMITTED: {
      'a valid request': { request: { asset: 'EUR', amount: '12.50', description: 'Concert tickets', expiresInHours: 24 } },
      'too many decimals': { request: { asset: 'EUR', amount: '12.505', description: 'Concert tickets', expiresInHours: null } },
      'no reason given': { request: { asset: 'EUR', amount: '12.50', description: '  ', expiresInHours: null } },
    },
    NEW_REQUESTED: { 'new request': {} },
    CANCEL_REQUESTED: { 'cancel the request': { hash: SAMPLE_PAY_LINK.hash } },
  },
  actors: {
    stepUp: { done: STEP_UP_OUTCOMES },
    createPayLink: {
      done: { created: SAMPLE_PAY_LINK },
      error: { 'step-up ran out': { code: 'step_up_required' }, offline: { code: 'network_error' } },
    },
    cancelPayLink: {
      done: { cancelled: { ...SAMPLE_PAY_LINK, status: 'cancelled' } },
      error: { 'paid meanwhile': { code: 'pay_link_paid' } },
    },
  },
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.formError, s.context.failure?.code ?? null, s.context.created !== null, s.context.cancelled]),
  browser: {
    chainPaths: true,
    languages: PAGE_LANGUAGES,
    // The customer already has one open request, so the list offers to cancel it.
    start: (_, language) => [
      sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
      // A verified e-mail: the pages that move money need it.
      { answer: '**/api/users/me', method: 'GET', json: SIGNED_IN.user },
      { answer: '**/api/pay-links', method: 'GET', json: [SAMPLE_PAY_LINK] },
      { open: inLanguage('/pay', language) },
    ],
    events: {
      REQUEST_SUBMITTED: ({ request }, _, language) => {
        const texts = pageTexts(language).payLinks;
        return [
          { select: { label: texts.asset }, value: request.asset },
          { fill: { label: texts.amount }, text: request.amount },
          { fill: { label: texts.description }, text: request.description },
          { select: { label: texts.expiry }, value: request.expiresInHours === null ? 'none' : String(request.expiresInHours) },
          { click: { role: 'button', name: texts.submit } },
        ];
      },
      NEW_REQUESTED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).payLinks.created.new } }],
      CANCEL_REQUESTED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).payLinks.list.cancel } }],
    },
    actors: {
      stepUp: { done: (output, _, language) => stepUpInBrowser('paylink.create', output, language) },
      createPayLink: {
        done: (answer) => [{ answer: CREATE, method: 'POST', times: 1, json: answer }],
        error: (error) => [failedCall(CREATE, error, 'POST')],
      },
      cancelPayLink: {
        done: (answer) => [{ answer: CANCEL, method: 'POST', times: 1, json: answer }],
        error: (error) => [failedCall(CANCEL, error, 'POST')],
      },
    },
    states: {
      editing: form,
      created: (_, language) => ({ shows: [{ role: 'heading', name: pageTexts(language).payLinks.created.title }] }),
    },
  },
  invariants: {
    // The business rules: a link is shown only once the server made it, and nothing is sent with a refusal showing.
    created: (s) => s.context.created !== null || 'a link shown that the server did not make',
    creating: (s) => (s.context.request !== null && s.context.formError === null) || 'sends a request the form refused',
  },
} satisfies FlowModel<typeof payLinkMachine>;
