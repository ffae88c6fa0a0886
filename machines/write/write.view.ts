import type { SnapshotFrom } from 'xstate';
import type { WriteEvent, WriteMachine } from './write.machine';

/**
 * What a write's screen shows and what it can ask, read through tags: the data and the intents. The key of a
 * new intent is made here, once; the machine keeps an earlier one while the intent is the same (a retry).
 */
export function connectWrite<Input, Output>(
  snapshot: SnapshotFrom<WriteMachine<Input, Output>>,
  send: (event: WriteEvent<Input>) => void,
  newKey: () => string,
) {
  const { context } = snapshot;
  return {
    busy: snapshot.hasTag('busy'),
    confirming: snapshot.hasTag('confirming'),
    done: snapshot.hasTag('done'),
    /** What is being sent or was sent last. */
    input: context.input,
    output: context.output,
    failure: snapshot.hasTag('failed') ? context.failure : null,
    problems: context.problems,
    submit: (input: Input) => send({ type: 'SUBMITTED', input, key: newKey() }),
    confirm: () => send({ type: 'CONFIRMED' }),
    cancel: () => send({ type: 'CANCELLED' }),
    edit: () => send({ type: 'EDITED' }),
  };
}
