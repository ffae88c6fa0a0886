import { questionsFor, type KycApplication, type KycQuestion, type KycQuestionnaireDraft } from '../../contract/kyc';
import type { FlowModel } from './graph/model';
import { failedCall, failureText, PAGE_LANGUAGES, pageTexts } from './graph/page';
import { invalidQuestions, kycQuestionnaireMachine } from '../../machines/kycQuestionnaire/kycQuestionnaire.machine';
import { answersStep, draftUnavailable, loadDraft, NO_PERSON, openKycScreen, retryDraft } from './kycPage';

/** The questions the screen asks with a list of answers (the others are typed). */
const CHOSEN: ReadonlySet<KycQuestion> = new Set(['occupation', 'sourceOfFunds', 'monthlyVolume', 'pep', 'taxResidence']);

const open: KycApplication = {
  status: 'in_progress',
  steps: { document: 'todo', phone: 'todo', questionnaire: 'todo', signature: 'todo' },
  document: { type: null, country: null, files: [] },
  person: NO_PERSON,
  questionnaire: {},
  signature: null,
  reason: null,
  submittedAt: null,
  editable: true,
};
const answers = { occupation: 'student', sourceOfFunds: 'savings', monthlyVolume: 'under_1000', pep: false, taxResidence: 'FR' } as const;
const saved: KycApplication = { ...open, questionnaire: answers, steps: { ...open.steps, questionnaire: 'done' } };
const noDraft: KycQuestionnaireDraft = { answers: {}, savedAt: null };
/** Typed before a reload: the employer still too short to be an answer. */
const typing: KycQuestionnaireDraft = { answers: { occupation: 'employed', employer: 'A' }, savedAt: '2026-11-29T06:00:00.000Z' };
const DRAFT = '**/api/kyc/questionnaire/draft';

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
    loadAnswersDraft: {
      done: { 'nothing typed': noDraft, 'answers typed before a reload': typing },
      error: { offline: { code: 'network_error' } },
    },
    saveAnswersDraft: { done: { kept: typing }, error: { offline: { code: 'network_error' } } },
  },
  // The answers themselves would make every combination a vertex: what matters is whether they are complete.
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      invalidQuestions(s.context.answers).length === 0,
      s.context.invalid.length > 0,
      s.context.editable,
      s.context.answeredBefore,
      s.context.failure?.code,
    ]),
  invariants: {
    saving: (s) => invalidQuestions(s.context.answers).length === 0 || 'sends an incomplete questionnaire',
    editing: (s) => s.context.editable || 'edits a submitted check',
  },
  browser: {
    chainPaths: true,
    languages: PAGE_LANGUAGES,
    // The clock is paused once the page runs, so the pause in typing passes only in its `after` step.
    start: (_, language) => [
      { clock: 'install' },
      { clock: 'pause' },
      ...openKycScreen('/kyc/questionnaire', language),
      { runClockUntil: { role: 'heading', name: pageTexts(language).screens.kycQuestionnaire.title } },
    ],
    events: {
      ANSWERED: ({ question, value }, before, language) => {
        // Only the questions these answers lead to are on the page.
        if (!questionsFor(before.context.answers).includes(question) || value === undefined) return null;
        const field = { label: pageTexts(language).kyc.questionnaire.questions[question] };
        const text = typeof value === 'boolean' ? (value ? 'yes' : 'no') : value;
        return [CHOSEN.has(question) ? { select: field, value: text } : { fill: field, text }];
      },
      SUBMITTED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).kyc.questionnaire.save } }],
      EDIT_REQUESTED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).kyc.questionnaire.change } }],
      RETRY: retryDraft,
    },
    actors: {
      loadApplication: loadDraft,
      saveAnswers: answersStep('**/api/kyc/questionnaire', 'PUT'),
      loadAnswersDraft: {
        done: (draft) => [{ answer: DRAFT, method: 'GET', times: 1, json: draft }],
        error: (error) => [failedCall(DRAFT, error, 'GET')],
      },
      saveAnswersDraft: answersStep(DRAFT, 'PUT'),
    },
    delays: { DRAFT_DEBOUNCE: (ms) => [{ runClock: ms }] },
    states: {
      editing: (s, language) => {
        const texts = pageTexts(language).kyc;
        const { failure } = s.context;
        // The written answers show as typed: after a reload, the ones the draft kept.
        const written = questionsFor(s.context.answers).filter((question) => !CHOSEN.has(question));
        return {
          shows: [
            { role: 'button', name: texts.questionnaire.save },
            ...written.map((question) => ({
              label: texts.questionnaire.questions[question],
              value: String(s.context.answers[question] ?? ''),
            })),
            ...(failure ? [{ role: 'alert' as const, text: failureText(language, texts.failure, failure) }] : []),
          ],
        };
      },
      answered: (s, language) => {
        const texts = pageTexts(language).kyc.questionnaire;
        const change = { role: 'button', name: texts.change } as const;
        return {
          shows: [{ role: 'status', text: texts.saved }, ...(s.context.editable ? [change] : [])],
          hides: [{ role: 'button', name: texts.save }, ...(s.context.editable ? [] : [change])],
        };
      },
      unavailable: draftUnavailable,
    },
  },
} satisfies FlowModel<typeof kycQuestionnaireMachine>;
