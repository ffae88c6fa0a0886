import type { SnapshotFrom } from 'xstate';
import { questionsFor } from '../contract/kyc';
import type { kycQuestionnaireMachine } from './kycQuestionnaire.machine';

/** What /kyc/questionnaire shows. */
export function kycQuestionnaireView(snapshot: SnapshotFrom<typeof kycQuestionnaireMachine>) {
  const { answers, invalid, editable, failure } = snapshot.context;
  return {
    loading: snapshot.matches('loading'),
    unavailable: snapshot.matches('unavailable'),
    /** The form is shown (while saving too, so nothing typed disappears). */
    editing: snapshot.matches('editing') || snapshot.matches('saving'),
    saved: snapshot.matches('answered'),
    busy: snapshot.hasTag('busy'),
    questions: questionsFor(answers),
    answers,
    invalid,
    canEdit: snapshot.matches('answered') && editable,
    failure,
  };
}
