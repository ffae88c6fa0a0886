import type { AnyStateMachine, EventFromLogic, SnapshotFrom } from 'xstate';

/** What a flow's connect may send: only the machine's own events, so a misspelt intent fails to compile. */
export type Send<M extends AnyStateMachine> = (event: EventFromLogic<M>) => void;

/**
 * A flow's face, the way zag's `connect` is: from a snapshot and the actor's `send`, what the screen shows
 * (read through tags and `snapshot.can(…)`) and the intents it may call (`submit(code)`, `retry()` …). The
 * events are built here, once, so screens never build one by hand or compare a step with a state name.
 */
export type Connect<M extends AnyStateMachine, View> = (snapshot: SnapshotFrom<M>, send: Send<M>) => View;
