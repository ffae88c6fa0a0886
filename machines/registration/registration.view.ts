import type { SnapshotFrom } from 'xstate';
import { STEP_STATES, type DetailsDraft, type registrationMachine, type RegistrationStep } from './registration.machine';
import type { Send } from '../parts/connect';
import { resendView } from '../parts/resendCooldown';

type Registration = typeof registrationMachine;
type RegistrationSnapshot = SnapshotFrom<Registration>;

/** The wizard page a state belongs to (busy states count as the page they started from); none before and after the pages. */
export function registrationStep(snapshot: RegistrationSnapshot): RegistrationStep | undefined {
  const steps = Object.keys(STEP_STATES) as (keyof typeof STEP_STATES)[];
  return steps.find((step) => STEP_STATES[step].some((state) => snapshot.matches(state)));
}

/** What a page of the sign-up wizard shows (the draft, the field errors, busy, the resend countdown) and its intents. */
export function connectRegistration(snapshot: RegistrationSnapshot, send: Send<Registration>) {
  const { email, country, acceptTerms, fieldErrors, failure, promoCode, promoRedeemed } = snapshot.context;
  const draft: DetailsDraft = { email, country, acceptTerms };
  return {
    busy: snapshot.hasTag('busy'),
    failure,
    draft,
    fieldErrors,
    promoCode,
    promoRedeemed,
    ...resendView(snapshot),
    chooseEmail: () => send({ type: 'EMAIL_CHOSEN' }),
    /** A change of the draft; the rest of it stays as it is. */
    typeDetails: (change: Partial<DetailsDraft>) => send({ type: 'DETAILS_TYPED', ...draft, ...change }),
    /** The password is the screen's (never kept in the machine): it travels in this event only. */
    submitDetails: (password: string) => send({ type: 'DETAILS_SUBMITTED', ...draft, password }),
    typePromo: (code: string) => send({ type: 'PROMO_TYPED', code }),
    submitPromo: () => send({ type: 'PROMO_SUBMITTED' }),
    skipPromo: () => send({ type: 'PROMO_SKIPPED' }),
    submitCode: (code: string) => send({ type: 'CODE_SUBMITTED', code }),
    resend: () => send({ type: 'RESEND_REQUESTED' }),
    createPasskey: () => send({ type: 'PASSKEY_REQUESTED' }),
    skipPasskey: () => send({ type: 'PASSKEY_SKIPPED' }),
  };
}
