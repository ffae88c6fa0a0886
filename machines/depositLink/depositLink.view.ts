import type { SnapshotFrom } from 'xstate';
import type { depositLinkMachine } from './depositLink.machine';

/** What the deposit link block shows; it never names a state. */
export function depositLinkView(snapshot: SnapshotFrom<typeof depositLinkMachine>) {
  const { created, amountInvalid, failure } = snapshot.context;
  return {
    /** The link once made; the form until then. */
    created: snapshot.hasTag('busy') ? null : created,
    busy: snapshot.hasTag('busy'),
    amountInvalid,
    failure,
  };
}

export type DepositLinkView = ReturnType<typeof depositLinkView>;
