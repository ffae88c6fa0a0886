import type { KycApplication } from '../../contract/kyc';
import type { FlowModel } from './graph/model';
import { failureText, PAGE_LANGUAGES, pageTexts } from './graph/page';
import { kycMachine } from '../../machines/kyc/kyc.machine';
import { answersStep, draftUnavailable, loadDraft, NO_PERSON, openKycScreen, retryDraft } from './kycPage';

const empty: KycApplication = {
  status: 'not_started',
  steps: { document: 'todo', phone: 'todo', questionnaire: 'todo', signature: 'todo' },
  document: { type: null, country: null, files: [] },
  person: NO_PERSON,
  questionnaire: {},
  signature: null,
  reason: null,
  submittedAt: null,
  editable: true,
};
const complete: KycApplication = {
  ...empty,
  status: 'in_progress',
  steps: { document: 'done', phone: 'done', questionnaire: 'done', signature: 'done' },
};
const submitted: KycApplication = { ...complete, status: 'pending', submittedAt: '2026-03-02T09:00:00.000Z', editable: false };
const requested: KycApplication = {
  ...complete,
  status: 'resubmission_requested',
  steps: { ...complete.steps, signature: 'requested' },
  reason: 'The signature is cut off.',
};

export const kycModel = {
  events: {
    SUBMITTED: { submit: {} },
    RETRY: { 'try again': {} },
  },
  actors: {
    loadApplication: {
      done: { 'not started': empty, 'all steps done': complete, 'one step asked again': requested, submitted },
      error: { offline: { code: 'network_error' } },
    },
    submitApplication: {
      done: { submitted },
      error: { 'a step is open': { code: 'kyc_steps_incomplete' } },
    },
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.application?.status, s.context.application?.steps, s.context.failure?.code]),
  invariants: {
    submitting: (s) =>
      (s.context.application !== null &&
        s.context.application.editable &&
        Object.values(s.context.application.steps).every((status) => status === 'done')) ||
      'submits with a step open or a check already decided',
    overview: (s) => s.context.application !== null || 'an overview without the draft',
  },
  browser: {
    chainPaths: true,
    languages: PAGE_LANGUAGES,
    start: (_, language) => openKycScreen('/kyc', language),
    events: {
      SUBMITTED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).kyc.submit } }],
      RETRY: retryDraft,
    },
    actors: {
      loadApplication: loadDraft,
      submitApplication: answersStep('**/api/kyc/submit', 'POST'),
    },
    states: {
      overview: (s, language) => {
        const texts = pageTexts(language).kyc;
        const { application, failure } = s.context;
        return {
          shows: [
            { role: 'heading', level: 2, name: texts.status[application!.status].title },
            ...(failure ? [{ role: 'alert' as const, text: failureText(language, texts.failure, failure) }] : []),
          ],
          // A submitted or decided check cannot be submitted (again).
          hides: application!.editable ? [] : [{ role: 'button', name: texts.submit }],
        };
      },
      unavailable: draftUnavailable,
    },
  },
} satisfies FlowModel<typeof kycMachine>;
