import type { KycApplication } from '../contract/kyc';
import type { FlowModel } from './graph/model';
import { invalidQuestions, kycQuestionnaireMachine } from './kycQuestionnaire.machine';

const open: KycApplication = {
  status: 'in_progress',
  steps: { document: 'todo', phone: 'todo', questionnaire: 'todo', signature: 'todo' },
  document: { type: null, country: null, files: [] },
  questionnaire: {},
  signature: null,
  reason: null,
  submittedAt: null,
  editable: true,
};
const answers = { occupation: 'student', sourceOfFunds: 'savings', monthlyVolume: 'under_1000', pep: false, taxResidence: 'FR' } as const;
const saved: KycApplication = { ...open, questionnaire: answers, steps: { ...open.steps, questionnaire: 'done' } };

export const kycQuestionnaireModel = {
  events: {
    ANSWERED: {
      'a student': { question: 'occupation', value: 'student' },
      employed: { question: 'occupation', value: 'employed' },
      'the employer': { question: 'employer', value: 'Acme SARL' },
      'funds from savings': { question: 'sourceOfFunds', value: 'savings' },
      'a small volume': { question: 'monthlyVolume', value: 'under_1000' },
      'not politically exposed': { question: 'pep', value: false },
      'politically exposed': { question: 'pep', value: true },
      'taxed in France': { question: 'taxResidence', value: 'FR' },
    },
    SUBMITTED: { submit: {} },
    EDIT_REQUESTED: { 'change answers': {} },
    RETRY: { 'try again': {} },
  },
  actors: {
    loadApplication: {
      done: {
        'nothing answered': open,
        answered: saved,
        submitted: { ...saved, status: 'pending', editable: false },
        // Approved before this questionnaire existed (the seeded demo customer).
        'approved without a draft': { ...open, status: 'approved', editable: false },
      },
      error: { offline: { code: 'network_error' } },
    },
    saveAnswers: { done: { saved }, error: { offline: { code: 'network_error' } } },
  },
  // The answers themselves would make every combination a vertex: what matters is whether they are complete.
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      invalidQuestions(s.context.answers).length === 0,
      s.context.invalid.length > 0,
      s.context.editable,
      s.context.failure?.code,
    ]),
  invariants: {
    saving: (s) => invalidQuestions(s.context.answers).length === 0 || 'sends an incomplete questionnaire',
    editing: (s) => s.context.editable || 'edits a submitted check',
  },
} satisfies FlowModel<typeof kycQuestionnaireMachine>;
