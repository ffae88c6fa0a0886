import type { SnapshotFrom } from 'xstate';
import type { Send } from '../parts/connect';
import type { payByCodeMachine } from './payByCode.machine';

type PayByCode = typeof payByCodeMachine;

/** What the pay-by-code screen shows, and its intents. */
export function connectPayByCode(snapshot: SnapshotFrom<PayByCode>, send: Send<PayByCode>) {
  const { code, problem, failure, retryAfterSeconds, redemption } = snapshot.context;
  const lockedOut = snapshot.hasTag('lockedOut');
  return {
    /** Too many wrong codes: the form waits. */
    lockedOut,
    /** What was credited, once redeemed (the form is gone). */
    redeemed: lockedOut ? null : redemption,
    code,
    problem,
    failure,
    /** Whole minutes to wait, rounded up (the server asks in seconds). */
    waitMinutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)),
    busy: snapshot.hasTag('busy'),
    typeCode: (typed: string) => send({ type: 'CODE_CHANGED', code: typed }),
    submit: () => send({ type: 'CODE_SUBMITTED' }),
    anotherCode: () => send({ type: 'ANOTHER_CODE' }),
  };
}
