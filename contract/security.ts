import { z } from 'zod';
import { timestampSchema } from './common';
import { SESSION_METHODS } from './social';

/** What the customer's security log records (server/services/security-log.ts writes them). */
export const SECURITY_EVENT_KINDS = [
  'sign_in',
  'sign_in_failed',
  'new_device',
  'password_reset',
  'password_changed',
  'passkey_added',
  'passkey_removed',
  'phone_set',
  'phone_changed',
  'phone_removed',
  'sessions_ended',
  'email_verified',
  'phone_recovery_requested',
  'phone_recovery_cancelled',
  'phone_recovery_completed',
  'withdrawal_address_added',
  'withdrawal_requested',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/** The most entries one page of the log answers. */
export const SECURITY_ACTIVITY_PAGE_MAX = 50;
export const SECURITY_ACTIVITY_PAGE_DEFAULT = 20;

/** One entry of the log, as "Recent security activity" shows it. */
export const securityEventSchema = z.object({
  /** Also the page key: entries come newest first, `cursor` continues after the one it names. */
  id: z.string(),
  kind: z.enum(SECURITY_EVENT_KINDS),
  /** How a sign-in was made (sign-ins, failed sign-ins, new devices); null otherwise. */
  method: z.enum(SESSION_METHODS).nullable(),
  /** A passkey's name, a masked phone number, a count of sessions, a withdrawal address or amount, depending on `kind`. */
  detail: z.string().nullable(),
  /** Read from the user agent; null when it names no known browser or system. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: timestampSchema,
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

export const securityActivitySchema = z.object({
  events: z.array(securityEventSchema),
  /** Pass as `cursor` for the next, older page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type SecurityActivity = z.infer<typeof securityActivitySchema>;

export const securityActivityQuerySchema = z.strictObject({
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,17}$/, 'Expected a cursor from a previous page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(SECURITY_ACTIVITY_PAGE_MAX).default(SECURITY_ACTIVITY_PAGE_DEFAULT),
});
export type SecurityActivityQuery = z.input<typeof securityActivityQuerySchema>;
