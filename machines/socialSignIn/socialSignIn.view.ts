import type { SnapshotFrom } from 'xstate';
import type { Send } from '../parts/connect';
import type { socialSignInMachine } from './socialSignIn.machine';

type SocialSignIn = typeof socialSignInMachine;

/** /auth/google and /auth/apple: leaving for the provider, or why signing in did not work, and a new try. */
export function connectSocialSignIn(snapshot: SnapshotFrom<SocialSignIn>, send: Send<SocialSignIn>) {
  const cancelled = snapshot.hasTag('cancelled');
  const failure = snapshot.hasTag('failed') ? snapshot.context.failure : null;
  return {
    /** On the way to the provider: nothing to do but wait. */
    leaving: !cancelled && failure === null,
    /** The customer turned the provider down. */
    cancelled,
    failure,
    retry: () => send({ type: 'RETRY_REQUESTED' }),
  };
}
