import type { SnapshotFrom } from 'xstate';
import type { Send } from '../parts/connect';
import type { acceptTermsMachine } from './acceptTerms.machine';

type AcceptTerms = typeof acceptTermsMachine;

/** What the terms dialog shows, and the customer's two answers. */
export function connectAcceptTerms(snapshot: SnapshotFrom<AcceptTerms>, send: Send<AcceptTerms>) {
  return {
    /** The dialog is up: a money call waits for the customer's answer. */
    open: snapshot.hasTag('open'),
    /** The acceptance is being saved: neither button can be pressed again. */
    busy: snapshot.hasTag('busy'),
    /** The acceptance was not saved, and why (the dialog stays, to try again). */
    failure: snapshot.hasTag('failed') ? snapshot.context.failure : null,
    accept: () => send({ type: 'ACCEPTED' }),
    /** Later: the money call that waited is refused. */
    decline: () => send({ type: 'DECLINED' }),
  };
}
