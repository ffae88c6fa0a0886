import type { KycApplication } from '../../contract/kyc';
import type { PageAction, PageExpectation } from './graph/model';
import { failedCall, inLanguage, pageTexts, SIGNED_IN, type PageLanguage } from './graph/page';
import { sessionCookieJar } from './session.model';

/*
 * What the browser bindings of the four KYC models share: each screen opens signed in, reads the draft
 * with GET /kyc and offers “Try again” when it cannot.
 */

const DRAFT = '**/api/kyc';

/** The legal name and date of birth of a draft that has them, and of one that has none yet. */
export const GIVEN_PERSON: KycApplication['person'] = { firstName: 'Ann', lastName: 'Lee', dateOfBirth: '1990-04-30' };
export const NO_PERSON: KycApplication['person'] = { firstName: null, lastName: null, dateOfBirth: null };

/** A KYC screen opened by a signed-in customer. */
export function openKycScreen(path: string, language: PageLanguage): PageAction[] {
  return [
    sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
    { answer: '**/api/users/me', method: 'GET', json: SIGNED_IN.user },
    { open: inLanguage(path, language) },
  ];
}

/** `loadApplication`: the server's draft, or the call failing. */
export const loadDraft = {
  done: (application: KycApplication): PageAction[] => [{ answer: DRAFT, method: 'GET', times: 1, json: application }],
  error: (error: unknown): PageAction[] => [failedCall(DRAFT, error, 'GET')],
};

/** `RETRY` after the draft could not be read. */
export const retryDraft = (_: unknown, __: unknown, language: PageLanguage): PageAction[] => [
  { click: { role: 'button', name: pageTexts(language).kyc.retry } },
];

/** The draft could not be read: “Try again”. */
export const draftUnavailable = (_: unknown, language: PageLanguage): PageExpectation => ({
  shows: [{ role: 'button', name: pageTexts(language).kyc.retry }],
});

/** A call of a step that answers the draft (or a file), or fails. */
export function answersStep<T>(url: string, method: 'PUT' | 'POST') {
  return {
    done: (answer: T): PageAction[] => [{ answer: url, method, times: 1, json: answer }],
    error: (error: unknown): PageAction[] => [failedCall(url, error, method)],
  };
}
