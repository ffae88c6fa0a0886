import type { SnapshotFrom } from 'xstate';
import { STEP_STATES, type registrationMachine, type RegistrationStep } from './registration.machine';
import { resendView } from '../parts/resendCooldown';

type RegistrationSnapshot = SnapshotFrom<typeof registrationMachine>;

/** The wizard page a state belongs to (busy states count as the page they started from); none before and after the pages. */
export function registrationStep(snapshot: RegistrationSnapshot): RegistrationStep | undefined {
  const steps = Object.keys(STEP_STATES) as (keyof typeof STEP_STATES)[];
  return steps.find((step) => STEP_STATES[step].some((state) => snapshot.matches(state)));
}

/** What a page of the wizard shows besides its own fields. */
export function registrationView(snapshot: RegistrationSnapshot) {
  return {
    busy: snapshot.hasTag('busy'),
    failure: snapshot.context.failure,
    ...resendView(snapshot),
  };
}
