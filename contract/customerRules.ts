import type { ApiErrorCode } from './errors';

/**
 * What a customer must have done before an endpoint serves them, in the order they are checked, each
 * with the code of its refusal (403). The same names as the app's route middleware
 * (machines/routeGuard/routeGuard.machine.ts), whose screens call these endpoints. Its own module, free of zod, as
 * the route table reads it.
 */
export const CUSTOMER_RULES = {
  'email-verified': 'email_unverified',
  'phone-confirmed': 'phone_required',
  'kyc-approved': 'kyc_required',
  /** The terms in force (contract/terms.ts) are the ones accepted; asked for at the action, not by the page. */
  'terms-accepted': 'terms_not_accepted',
} as const satisfies Record<string, ApiErrorCode>;
export type CustomerRule = keyof typeof CUSTOMER_RULES;

/** Money leaves the customer's accounts: only with a verified e-mail (pre-hijacking, issue 10), under the terms in force. */
export const MOVES_MONEY = ['email-verified', 'terms-accepted'] as const satisfies readonly CustomerRule[];
/**
 * Money goes to another customer found by their address: an approved identity check too, as the answer
 * tells whether an address is a customer's (and whose, masked), which only a known sender may learn.
 */
export const PAYS_CUSTOMERS = ['email-verified', 'kyc-approved', 'terms-accepted'] as const satisfies readonly CustomerRule[];
/**
 * Money leaves Meridian for an outside address, where it cannot be called back: also a confirmed phone,
 * which hears of it and guards the sign-in, and an approved identity check, so whoever sends it is known.
 */
export const LEAVES_MERIDIAN = [
  'email-verified',
  'phone-confirmed',
  'kyc-approved',
  'terms-accepted',
] as const satisfies readonly CustomerRule[];
