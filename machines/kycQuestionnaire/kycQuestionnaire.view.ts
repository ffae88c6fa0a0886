import type { SnapshotFrom } from 'xstate';
import { questionsFor, type KycQuestion, type QuestionnaireAnswers } from '../../contract/kyc';
import type { Send } from '../parts/connect';
import type { kycQuestionnaireMachine } from './kycQuestionnaire.machine';

type KycQuestionnaire = typeof kycQuestionnaireMachine;

/**
 * Why a refused answer is refused: none (spaces alone are none: the contract trims them), a written
 * answer outside `QUESTIONNAIRE_TEXT_LENGTH`, or a tax number not in its form.
 */
export type AnswerError = 'required' | 'length' | 'invalid';

function errorOf(answers: QuestionnaireAnswers, question: KycQuestion): AnswerError {
  const value = answers[question];
  if (value === undefined || (typeof value === 'string' && value.trim() === '')) return 'required';
  return question === 'taxId' ? 'invalid' : 'length';
}

/** What /kyc/questionnaire shows and its intents. */
export function connectKycQuestionnaire(snapshot: SnapshotFrom<KycQuestionnaire>, send: Send<KycQuestionnaire>) {
  const { answers, invalid, editable, failure } = snapshot.context;
  return {
    // Until the draft is read too: a field typed into before it arrives would be lost when it does.
    loading: snapshot.matches('loading') || snapshot.matches('loadingDraft'),
    unavailable: snapshot.matches('unavailable'),
    /** The form is shown (while saving too, so nothing typed disappears). */
    editing: snapshot.matches('editing') || snapshot.matches('saving'),
    saved: snapshot.matches('answered'),
    busy: snapshot.hasTag('busy'),
    questions: questionsFor(answers),
    answers,
    /** The refused questions, each with why. */
    errors: Object.fromEntries(invalid.map((question) => [question, errorOf(answers, question)])) as Partial<
      Record<KycQuestion, AnswerError>
    >,
    canEdit: snapshot.matches('answered') && editable,
    failure,
    /** An answer as its field holds it: the yes / no of `pep` is a boolean, an unchosen one none. */
    answer: (question: KycQuestion, raw: string) =>
      send({ type: 'ANSWERED', question, value: question === 'pep' ? (raw === '' ? undefined : raw === 'yes') : raw }),
    submit: () => send({ type: 'SUBMITTED' }),
    edit: () => send({ type: 'EDIT_REQUESTED' }),
    retry: () => send({ type: 'RETRY' }),
  };
}
