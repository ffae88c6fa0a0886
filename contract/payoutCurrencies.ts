/**
 * The currencies a bank payout can be made in (SEPA credit transfers: euros). On its own, without the
 * payout schemas, because the route table in the app's entry needs it: zod and the schemas stay out of
 * the entry, and zod is told not to compile its parsers (the page's CSP forbids eval) before it first runs.
 */
export const PAYOUT_CURRENCIES = ['EUR'] as const;
