import { endpoint } from './define';
import { securityActivityQuerySchema, securityActivitySchema } from '../security';

/** The customer's security log. */
export const securityEndpoints = {
  getSecurityActivity: endpoint('GET', '/auth/security-activity', undefined, securityActivitySchema, {
    summary:
      "The customer's own security log, newest first: sign-ins, failed sign-ins, new devices, password resets and changes, passkeys added and removed, phone set or changed, sessions ended, e-mail verified. Keyset pages: `limit` (1–50, default 20) entries after `cursor` (the previous page's `nextCursor`).",
    auth: 'bearer',
    query: securityActivityQuerySchema,
  }),
};
