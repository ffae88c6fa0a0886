import type { SnapshotFrom } from 'xstate';
import type { Send } from '../parts/connect';
import type { languageMachine } from './language.machine';

type Language = typeof languageMachine;

/** The language list's intent: choosing one (the machine shows it, moves the path and remembers it). */
export function connectLanguage(_snapshot: SnapshotFrom<Language>, send: Send<Language>) {
  return {
    choose: (locale: string) => send({ type: 'LANGUAGE_CHOSEN', locale }),
  };
}
