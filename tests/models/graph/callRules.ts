import type { EventObject } from 'xstate';
import type { CallRule, PathHistoryEntry } from './model';

/*
 * Call rules the money flows share (`FlowModel.calls`): what a submit may send after an answer that never
 * came. Written from what the customer must never suffer — a second payment — not from the machines' own
 * guards, so a machine that gets its retry wrong fails them.
 */

/** Failure codes that mean no answer came: the request may or may not have gone through. */
const NO_ANSWER = new Set(['network_error', 'internal_error', 'unknown']);

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

/** No answer came to this error: the money may have moved. */
export const wasUnanswered = (error: unknown) => NO_ANSWER.has(String(codeOf(error)));

type Call = Extract<PathHistoryEntry, { kind: 'call' }>;

/**
 * The last call of `actor` in the path if it failed in a way `isOpen` says leaves the intent under way
 * and no event of `endedBy` (the customer giving the intent up) came after it; else null.
 */
function openCall(history: readonly PathHistoryEntry[], actor: string, isOpen: (error: unknown) => boolean, endedBy: readonly string[]) {
  for (let index = history.length - 1; index >= 0; index--) {
    const entry = history[index]!;
    if (entry.kind === 'event' && endedBy.includes(entry.type)) return null;
    if (entry.kind === 'call' && entry.actor === actor) {
      return entry.settled && 'error' in entry.settled && isOpen(entry.settled.error) ? (entry as Call) : null;
    }
  }
  return null;
}

const intentOf = (input: unknown) => (input as { intent?: unknown }).intent;

/**
 * A submit sent again while its last try is still open (`isOpen`: no answer came, or a step-up ran out)
 * carries the same intent — so the same Idempotency-Key, which the server answers once.
 */
export function retriesKeepTheIntent(
  actor: string,
  { isOpen = wasUnanswered, endedBy }: { isOpen?: (error: unknown) => boolean; endedBy: readonly string[] },
): CallRule<{ intent: string }> {
  return (input, history) => {
    const open = openCall(history, actor, isOpen, endedBy);
    if (!open || intentOf(open.input) === input.intent) return true;
    return `the last try (intent ${String(intentOf(open.input))}) is still open, so a retry must send that intent again (the same key), not ${input.intent}`;
  };
}

/**
 * No new quote while the last submit got no answer: a new quote is a new intent with a new key, so the
 * server would make a second payment if the first went through.
 */
export function noNewQuoteWhileUnanswered(submitActor: string, { endedBy }: { endedBy: readonly string[] }): CallRule<unknown> {
  return (_input, history) =>
    openCall(history, submitActor, wasUnanswered, endedBy)
      ? `${submitActor} got no answer (the money may have moved); only the same request may be sent again, never a new quote`
      : true;
}

/**
 * Money moves only after a step-up the customer passed: the last step-up or submit call before this
 * submit is a step-up that was granted. With `askedFor`, the server asks for the step-up: a new try (an
 * event of `newTryBy`) goes without one, and a submit after that refusal or after a step-up needs it granted.
 */
export function grantedStepUpFirst(
  submitActor: string,
  {
    stepUpActor = 'stepUp',
    askedFor,
    newTryBy = [],
  }: { stepUpActor?: string; askedFor?: (error: unknown) => boolean; newTryBy?: readonly string[] } = {},
): CallRule<unknown> {
  const refusal = `${submitActor} sent without a step-up granted for it`;
  return (_input, history) => {
    for (let index = history.length - 1; index >= 0; index--) {
      const entry = history[index]!;
      if (entry.kind === 'event') {
        if (newTryBy.includes(entry.type)) return true;
      } else if (entry.actor === stepUpActor) {
        return (entry.settled && 'done' in entry.settled && (entry.settled.done as { granted?: unknown }).granted === true) || refusal;
      } else if (entry.actor === submitActor) {
        return (askedFor && !(entry.settled && 'error' in entry.settled && askedFor(entry.settled.error))) || refusal;
      }
    }
    return askedFor !== undefined || refusal;
  };
}

/**
 * The step-up is asked for only when the customer confirmed (an event of `confirmedBy`) or the server
 * refused the submit for want of one (`askedFor`) — never again on its own after another refusal.
 */
export function stepUpOnlyWhenAsked(
  submitActor: string,
  { confirmedBy, askedFor }: { confirmedBy: readonly string[]; askedFor: (error: unknown) => boolean },
): CallRule<unknown> {
  const refusal = `a step-up nobody asked for: neither a confirmation nor ${submitActor} refused for want of one`;
  return (_input, history) => {
    for (let index = history.length - 1; index >= 0; index--) {
      const entry = history[index]!;
      if (entry.kind === 'event') {
        if (confirmedBy.includes(entry.type)) return true;
      } else if (entry.actor === submitActor) {
        return (entry.settled !== undefined && 'error' in entry.settled && askedFor(entry.settled.error)) || refusal;
      }
    }
    return refusal;
  };
}

/** Every rule holds: the first one broken says why. */
export const allOf =
  <Input>(...rules: ReadonlyArray<CallRule<Input>>): CallRule<Input> =>
  (input, history) => {
    for (const rule of rules) {
      const verdict = rule(input, history);
      if (verdict !== true) return verdict;
    }
    return true;
  };

/** The last event of `type` the path sent, if any: what the customer last chose. */
export function lastSent<E extends EventObject>(history: readonly PathHistoryEntry[], type: E['type']): E | undefined {
  for (let index = history.length - 1; index >= 0; index--) {
    const entry = history[index]!;
    if (entry.kind === 'event' && entry.type === type) return entry.event as E;
  }
  return undefined;
}

/**
 * An ask made only after the customer did something: since the last event, no call of `actors` (that
 * settled as `counts` says: any way, by default) — never asked again on its own.
 */
export function askedAfterAChange(
  actors: readonly string[],
  counts: (settled: Call['settled']) => boolean = () => true,
): CallRule<unknown> {
  return (_input, history) => {
    for (let index = history.length - 1; index >= 0; index--) {
      const entry = history[index]!;
      if (entry.kind === 'event') return true;
      if (actors.includes(entry.actor) && counts(entry.settled)) return `asked again after ${entry.actor} with nothing changed`;
    }
    return true;
  };
}
