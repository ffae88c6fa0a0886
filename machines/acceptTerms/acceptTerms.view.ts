import type { SnapshotFrom } from 'xstate';
import type { acceptTermsMachine } from './acceptTerms.machine';

/** What the terms dialog shows. */
export function acceptTermsView(snapshot: SnapshotFrom<typeof acceptTermsMachine>) {
  return {
    /** The dialog is up: a money call waits for the customer's answer. */
    open: snapshot.hasTag('open'),
    /** The acceptance is being saved: neither button can be pressed again. */
    busy: snapshot.hasTag('busy'),
    /** The acceptance was not saved, and why (the dialog stays, to try again). */
    failure: snapshot.hasTag('failed') ? snapshot.context.failure : null,
  };
}
