import { MOVES_MONEY } from '../customerRules';
import { endpoint } from './define';
import { emptyBodySchema } from '../common';
import { quoteBodySchema, quoteExpirySchema, quoteRefusalSchema, quoteSchema, transferBodySchema, transferSchema } from '../transfers';

/** Exchanges between the customer's fiat and crypto accounts: a firm quote, then the transfer that uses it. */
export const transfersEndpoints = {
  createQuote: endpoint('POST', '/transfers/quotes', quoteBodySchema, quoteSchema, {
    summary:
      'A quote for exchanging between one of the customer’s fiat accounts and one of their crypto accounts, firm for 30 seconds: the rate with a 0.5 % spread, a fee of 0.1 % (at least 1 US dollar), what is paid and what arrives (rounded down). `side` says which of the two `amount` is.',
    auth: 'bearer',
    requires: MOVES_MONEY,
    status: 201,
    errors: ['account_not_found', 'transfer_pair_invalid', 'amount_invalid', 'amount_too_precise', 'amount_too_small', 'rate_stale'],
  }),
  createTransfer: endpoint('POST', '/transfers', transferBodySchema, transferSchema, {
    summary:
      'Moves money as the quote says, once: an `exchange` activity on both accounts. A quote that is used or past its 30 seconds is refused with a fresh one for the same accounts and amount in the error’s `quote` (confirm that one if its figures suit); an unknown or another customer’s quote is refused without one.',
    auth: 'bearer',
    requires: MOVES_MONEY,
    status: 201,
    idempotent: true,
    errors: ['quote_not_found', 'quote_used', 'quote_expired', 'insufficient_funds', 'limit_exceeded'],
    errorData: { quote_expired: quoteRefusalSchema, quote_used: quoteRefusalSchema },
  }),
  simulateQuoteExpiry: endpoint('POST', '/simulate/quotes/:quoteId/expire', emptyBodySchema, quoteExpirySchema, {
    summary:
      'Demo mode: the customer’s own unused quote runs out now, as it would when its 30 seconds are over, so the refusal of a run-out quote can be tried without waiting. It never holds longer than it did.',
    auth: 'bearer',
    demoMode: true,
    errors: ['quote_not_found', 'quote_used'],
  }),
};
