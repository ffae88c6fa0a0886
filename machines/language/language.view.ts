import type { SnapshotFrom } from 'xstate';
import type { Send } from '../parts/connect';
import type { languageMachine } from './language.machine';

type Language = typeof languageMachine;

/**
 * The language list's intent, choosing one (the machine shows it, moves the path and remembers it), and
 * whether the signed-in customer's saved language, which may replace the one shown, is still loading.
 */
export function connectLanguage(snapshot: SnapshotFrom<Language>, send: Send<Language>) {
  return {
    loadingSaved: snapshot.hasTag('loadingSavedLanguage'),
    choose: (locale: string) => send({ type: 'LANGUAGE_CHOSEN', locale }),
  };
}
