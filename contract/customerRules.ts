import type { ApiErrorCode } from './errors';

/**
 * What a customer must have done before an endpoint serves them, in the order they are checked, each
 * with the code of its refusal (403). The same names as the app's route middleware
 * (machines/routeGuard.machine.ts), whose screens call these endpoints. Its own module, free of zod, as
 * the route table reads it.
 */
export const CUSTOMER_RULES = {
  'email-verified': 'email_unverified',
  'phone-confirmed': 'phone_required',
  'kyc-approved': 'kyc_required',
} as const satisfies Record<string, ApiErrorCode>;
export type CustomerRule = keyof typeof CUSTOMER_RULES;

/** Money leaves the customer's accounts: only with a verified e-mail (pre-hijacking, issue 10). */
export const MOVES_MONEY = ['email-verified'] as const satisfies readonly CustomerRule[];
/**
 * Money leaves Meridian for an outside address, where it cannot be called back: also a confirmed phone,
 * which hears of it and guards the sign-in, and an approved identity check, so whoever sends it is known.
 */
export const LEAVES_MERIDIAN = ['email-verified', 'phone-confirmed', 'kyc-approved'] as const satisfies readonly CustomerRule[];
