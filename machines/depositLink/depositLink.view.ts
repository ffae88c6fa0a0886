import type { SnapshotFrom } from 'xstate';
import type { Send } from '../parts/connect';
import type { depositLinkMachine } from './depositLink.machine';

type DepositLink = typeof depositLinkMachine;

/** What the deposit link block shows (it never names a state), and its intents. */
export function connectDepositLink(snapshot: SnapshotFrom<DepositLink>, send: Send<DepositLink>) {
  const { created, amountInvalid, failure } = snapshot.context;
  return {
    /** The link once made; the form until then. */
    created: snapshot.hasTag('busy') ? null : created,
    busy: snapshot.hasTag('busy'),
    amountInvalid,
    failure,
    create: (amount: string) => send({ type: 'AMOUNT_SUBMITTED', amount }),
    newLink: () => send({ type: 'NEW_LINK_REQUESTED' }),
  };
}
