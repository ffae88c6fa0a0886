import type { RevokedSessions } from '../../contract/social';
import { createWriteMachine } from '../write/write.machine';

/** One other session by its id, or every session but this one. */
export type SessionsToEnd = { sessionId: string } | { allOthers: true };

export const endSessionsMachine = createWriteMachine<SessionsToEnd, unknown>({
  id: 'endSessions',
  description:
    'Signing out another session, or all the others, on /profile/security (POST /auth/sessions/revoke or /auth/sessions/revoke-others); the list is read again either way.',
});

export const signOutEverywhereMachine = createWriteMachine<void, RevokedSessions>({
  id: 'signOutEverywhere',
  description:
    'Signing out everywhere on /profile/security, this device included (POST /auth/sessions/revoke-all), after the customer confirms; then the session ends here and the welcome page opens.',
  confirm: true,
});
