import type { SnapshotFrom } from 'xstate';
import { questionsFor, type KycQuestion, type QuestionnaireAnswers } from '../../contract/kyc';
import type { kycQuestionnaireMachine } from './kycQuestionnaire.machine';

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

/** What /kyc/questionnaire shows. */
export function kycQuestionnaireView(snapshot: SnapshotFrom<typeof kycQuestionnaireMachine>) {
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
  };
}
