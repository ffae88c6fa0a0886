import type { KycReviewItem } from '../../contract/kyc';
import { decideKycMachine, type KycDecisionInput } from '../../machines/decideKyc/decideKyc.machine';
import { failureText, pageTexts, withValues } from './graph/page';
import { adminPage } from './simulatePage';
import { writeModel } from './write.model';

/** One check waiting, with the legal name and date of birth the reviewer compares with the document. */
const WAITING: KycReviewItem = {
  userId: '5d7c1e2a-3b4f-4a6d-8e9f-0a1b2c3d4e5f',
  email: 'lena@meridian.test',
  name: 'Lena Vogel',
  dateOfBirth: '1990-04-30',
  submittedAt: '2026-03-02T09:00:00.000Z',
  pep: false,
  document: { type: 'passport', country: 'DE', files: [] },
  questionnaire: {},
  signature: null,
};
const decision = (body: KycDecisionInput['body']): KycDecisionInput => ({ userId: WAITING.userId, email: WAITING.email, body });

export const decideKycModel = writeModel(decideKycMachine, {
  inputs: {
    approve: decision({ decision: 'approve' }),
    'ask for the document again': decision({ decision: 'request_step', step: 'document', reason: 'The photo is blurred.' }),
    reject: decision({ decision: 'reject', reason: 'The document has expired.' }),
  },
  done: { decided: { userId: WAITING.userId, status: 'approved' } },
  errors: { 'no legal name to approve': { code: 'kyc_identity_missing' }, offline: { code: 'network_error' } },
  browser: {
    // The queue still holds the check after a decision: the page's own words say what was decided.
    start: (language) => adminPage(language, [{ answer: '**/api/simulate/admin/kyc', method: 'GET', json: { applications: [WAITING] } }]),
    request: { url: '**/api/simulate/admin/kyc/*', method: 'POST' },
    submit: ({ body }, _, language) => {
      const texts = pageTexts(language).kycReview;
      const reason = body.reason ? [{ fill: { label: texts.reason }, text: body.reason }] : [];
      const step = body.step ? [{ select: { label: texts.step }, value: body.step }] : [];
      const button = { approve: texts.approve, request_step: texts.request, reject: texts.reject }[body.decision];
      return [...reason, ...step, { click: { role: 'button', name: button } }];
    },
    states: {
      editing: (_, language) => {
        const texts = pageTexts(language).kycReview;
        return { shows: [{ shownText: WAITING.name }, { shownText: texts.dateOfBirth }, { role: 'button', name: texts.approve }] };
      },
      done: (s, language) => {
        const { body, email } = s.context.input!;
        return { shows: [{ role: 'status', text: withValues(pageTexts(language).kycReview.decided[body.decision], { email }) }] };
      },
      failed: (s, language) => ({
        shows: [{ role: 'alert', text: failureText(language, pageTexts(language).simulate.failures, s.context.failure!) }],
      }),
    },
  },
});
