import { assign, setup } from 'xstate';
import {
  KYC_QUESTIONS,
  questionnaireSchema,
  questionsFor,
  type KycApplication,
  type KycQuestion,
  type KycQuestionnaireDraft,
  type QuestionnaireAnswers,
} from '../../contract/kyc';
import { toFailure, type Failure } from '../parts/failure';
import { unprovided } from '../parts/unprovided';

interface QuestionnaireContext {
  answers: QuestionnaireAnswers;
  /** Questions refused by the contract's schema, the same check the server makes. */
  invalid: KycQuestion[];
  editable: boolean;
  /** The questionnaire was saved before (the draft, if any, holds changes to it). */
  answeredBefore: boolean;
  failure: Failure | null;
}

type QuestionnaireEvent =
  | { type: 'ANSWERED'; question: KycQuestion; value: string | boolean | undefined }
  | { type: 'SUBMITTED' }
  | { type: 'EDIT_REQUESTED' }
  | { type: 'RETRY' };

/**
 * An answer changed: the follow-ups of the old answer that are no longer asked are dropped, so the
 * answers always match the questions shown (the server refuses answers to questions not asked).
 */
export function answer(answers: QuestionnaireAnswers, question: KycQuestion, value: string | boolean | undefined): QuestionnaireAnswers {
  const next: Record<string, unknown> = { ...answers, [question]: value === '' ? undefined : value };
  const asked = new Set(questionsFor(next as QuestionnaireAnswers));
  for (const key of KYC_QUESTIONS) if (!asked.has(key) || next[key] === undefined) delete next[key];
  return next as QuestionnaireAnswers;
}

/** The questions the schema refuses for these answers (unanswered or malformed). */
export function invalidQuestions(answers: QuestionnaireAnswers): KycQuestion[] {
  const result = questionnaireSchema.safeParse(answers);
  if (result.success) return [];
  return [...new Set(result.error.issues.map((issue) => issue.path[0] as KycQuestion))];
}

/**
 * /kyc/questionnaire: questions that branch on the answers (a job asks for the employer, "other" funds
 * for a word on them, a politically exposed person for the role…), checked with the contract's schema
 * before sending, saved to the draft, and open to changes until the check is submitted. What is typed
 * is kept on the server as it is typed (a pause in the typing saves it), so a reload or another device
 * finds it; saving the questionnaire clears it there.
 */
export const kycQuestionnaireMachine = setup({
  types: {
    context: {} as QuestionnaireContext,
    events: {} as QuestionnaireEvent,
  },
  actors: {
    /** GET /kyc: the answers saved so far. */
    loadApplication: unprovided<KycApplication>('loadApplication'),
    /** PUT /kyc/questionnaire (the server clears the typed answers' draft with it). */
    saveAnswers: unprovided<KycApplication, { answers: QuestionnaireAnswers }>('saveAnswers'),
    /** GET /kyc/questionnaire/draft: the answers typed but not saved yet. */
    loadAnswersDraft: unprovided<KycQuestionnaireDraft>('loadAnswersDraft'),
    /** PUT /kyc/questionnaire/draft. */
    saveAnswersDraft: unprovided<KycQuestionnaireDraft, { answers: QuestionnaireAnswers }>('saveAnswersDraft'),
  },
  delays: {
    /** The typing paused this long: what is typed is kept. */
    DRAFT_DEBOUNCE: 800,
  },
  guards: {
    isComplete: ({ context }) => invalidQuestions(context.answers).length === 0,
    isEditable: ({ event }) => 'output' in event && (event.output as KycApplication).editable,
    mayEdit: ({ context }) => context.editable,
    hasDraft: ({ event }) => 'output' in event && (event.output as KycQuestionnaireDraft).savedAt !== null,
    answeredBefore: ({ context }) => context.answeredBefore,
  },
}).createMachine({
  id: 'kycQuestionnaire',
  description: 'The KYC questionnaire: branching questions, validated on both sides, editable until submitted.',
  context: { answers: {}, invalid: [], editable: false, answeredBefore: false, failure: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'The saved answers are read from the server.',
      tags: ['busy'],
      invoke: {
        id: 'loadApplication',
        src: 'loadApplication',
        onDone: [
          {
            guard: 'isEditable',
            target: 'loadingDraft',
            description: 'The check is open: what was typed and not saved is read next.',
            actions: assign(({ event }) => ({
              answers: event.output.questionnaire,
              editable: true,
              answeredBefore: event.output.steps.questionnaire === 'done',
            })),
          },
          {
            target: 'answered',
            actions: assign(({ event }) => ({ answers: event.output.questionnaire, editable: false })),
            description: 'Submitted or decided: the answers show, if any, and cannot change.',
          },
        ],
        onError: {
          target: 'unavailable',
          description: 'The answers could not be read (offline): the page offers to try again.',
          actions: assign({ failure: ({ event }) => toFailure(event.error) }),
        },
      },
    },
    loadingDraft: {
      description: 'The answers typed and not saved yet are read from the server.',
      tags: ['busy'],
      invoke: {
        id: 'loadAnswersDraft',
        src: 'loadAnswersDraft',
        onDone: [
          {
            guard: 'hasDraft',
            target: 'editing',
            description: 'Answers were being typed (before a reload, or on another device): the form shows them.',
            actions: assign(({ event }) => ({ answers: event.output.answers })),
          },
          {
            guard: 'answeredBefore',
            target: 'answered',
            description: 'Answered before (on this device or another): shown, with “Change answers”.',
          },
          { target: 'editing', description: 'Not answered yet: the questions show.' },
        ],
        onError: {
          target: 'unavailable',
          description: 'What was typed could not be read (offline): the page offers to try again rather than lose it.',
          actions: assign({ failure: ({ event }) => toFailure(event.error) }),
        },
      },
    },
    unavailable: {
      description: 'The answers could not be read: the page offers to try again.',
      on: {
        RETRY: {
          target: 'loading',
          description: 'The customer tries again: the answers are read once more.',
          actions: assign({ failure: null }),
        },
      },
    },
    editing: {
      description: 'The questions these answers lead to; refused ones are named next to their field.',
      initial: 'draftKept',
      states: {
        draftKept: { description: 'What the form shows is kept on the server (or nothing was typed since the last try).' },
        typing: {
          description: 'An answer changed: it is kept once the typing pauses.',
          after: { DRAFT_DEBOUNCE: { target: 'keepingDraft', description: 'The typing paused: what is typed is kept.' } },
        },
        keepingDraft: {
          description: 'What is typed is being kept on the server.',
          invoke: {
            id: 'saveAnswersDraft',
            src: 'saveAnswersDraft',
            input: ({ context }) => ({ answers: context.answers }),
            onDone: { target: 'draftKept', description: 'Kept: a reload finds these answers.' },
            onError: {
              target: 'draftKept',
              description: 'Not kept (offline): the next answer tries again, and saving the questionnaire still works.',
            },
          },
        },
      },
      on: {
        ANSWERED: {
          target: '.typing',
          description: 'The customer answered a question: the questions it leads to show.',
          actions: assign(({ context, event }) => {
            const answers = answer(context.answers, event.question, event.value);
            // A question marked refused stays marked until it is fixed, and no sooner.
            return { answers, invalid: context.invalid.filter((question) => invalidQuestions(answers).includes(question)) };
          }),
        },
        SUBMITTED: [
          {
            guard: 'isComplete',
            target: 'saving',
            description: 'Every question is answered: the answers are saved.',
            actions: assign({ invalid: [], failure: null }),
          },
          {
            description: 'Some answers are missing or refused: each is named next to its field.',
            actions: assign({ invalid: ({ context }) => invalidQuestions(context.answers) }),
          },
        ],
      },
    },
    saving: {
      description: 'The answers are being saved on the server.',
      tags: ['busy'],
      invoke: {
        id: 'saveAnswers',
        src: 'saveAnswers',
        input: ({ context }) => ({ answers: context.answers }),
        onDone: {
          target: 'answered',
          description: 'The answers were saved: they show with Change answers.',
          actions: assign({ failure: null }),
        },
        onError: {
          target: 'editing',
          description: 'Not saved (refused, offline): the form says why and keeps the answers.',
          actions: assign({ failure: ({ event }) => toFailure(event.error) }),
        },
      },
    },
    answered: {
      description: 'Saved: the answers, and “Change answers” while the check is open.',
      on: {
        EDIT_REQUESTED: {
          guard: 'mayEdit',
          target: 'editing',
          description: 'The customer wants to change the answers while the check is open.',
        },
      },
    },
  },
});
