import type { SnapshotFrom } from 'xstate';
import { KYC_STEPS } from '../../contract/kyc';
import type { Send } from '../parts/connect';
import { isReadyToSubmit, type kycMachine } from './kyc.machine';

type Kyc = typeof kycMachine;

/** What /kyc shows and its intents. */
export function connectKyc(snapshot: SnapshotFrom<Kyc>, send: Send<Kyc>) {
  const { application, failure } = snapshot.context;
  return {
    /** Nothing to show yet: skeletons. */
    loading: application === null && snapshot.hasTag('busy'),
    unavailable: snapshot.matches('unavailable'),
    busy: snapshot.hasTag('busy'),
    status: application?.status ?? null,
    steps: application ? KYC_STEPS.map((step) => ({ step, status: application.steps[step] })) : [],
    /** A step may be opened to change it (before submitting, or the step asked for again). */
    editable: application?.editable ?? false,
    reason: application?.reason ?? null,
    canSubmit: isReadyToSubmit(application),
    failure,
    submit: () => send({ type: 'SUBMITTED' }),
    retry: () => send({ type: 'RETRY' }),
  };
}
