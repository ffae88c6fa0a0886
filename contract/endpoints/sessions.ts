import { endpoint } from './define';
import { emptyBodySchema, okSchema } from '../common';
import { revokeSessionBodySchema, revokedSessionsSchema, signedInSessionsSchema } from '../social';

/** The signed-in sessions of a customer. */
export const sessionsEndpoints = {
  listSessions: endpoint('GET', '/auth/sessions', undefined, signedInSessionsSchema, {
    summary: "The customer's signed-in sessions (device, method, address, created, last seen), the current one marked.",
    auth: 'bearer',
  }),
  revokeSession: endpoint('POST', '/auth/sessions/revoke', revokeSessionBodySchema, okSchema, {
    summary: 'Sign out one other session; it gets 401 at its next call. The current session signs out with /auth/logout.',
    auth: 'bearer',
    errors: ['session_not_found', 'session_is_current'],
  }),
  revokeOtherSessions: endpoint('POST', '/auth/sessions/revoke-others', emptyBodySchema, revokedSessionsSchema, {
    summary: 'Sign out every session of the customer except the current one; answers how many were signed out.',
    auth: 'bearer',
  }),
  revokeAllSessions: endpoint('POST', '/auth/sessions/revoke-all', emptyBodySchema, revokedSessionsSchema, {
    summary: 'Sign out everywhere, this session included, and clear both cookies.',
    auth: 'bearer',
  }),
};
