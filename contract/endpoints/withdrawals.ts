import { LEAVES_MERIDIAN } from '../customerRules';
import { endpoint } from './define';
import {
  addWithdrawalAddressBodySchema,
  labelWithdrawalAddressBodySchema,
  withdrawalAddressesSchema,
  withdrawalAddressSchema,
  withdrawalBodySchema,
  withdrawalQuoteBodySchema,
  withdrawalQuoteSchema,
  withdrawalSchema,
  simulateWithdrawalBodySchema,
} from '../withdrawals';

/** Crypto withdrawal: the address book, a quote with the chain's fee, and the withdrawal that follows it. */
export const withdrawalsEndpoints = {
  listWithdrawalAddresses: endpoint('GET', '/withdrawal-addresses', undefined, withdrawalAddressesSchema, {
    summary:
      "The customer's address book for withdrawals, newest first, with when each address can be used; the cooling-off period of a new address and the Bitcoin network whose addresses are taken.",
    auth: 'bearer',
    requires: LEAVES_MERIDIAN,
  }),
  addWithdrawalAddress: endpoint('POST', '/withdrawal-addresses', addWithdrawalAddressBodySchema, withdrawalAddressSchema, {
    summary:
      'Adds an address to the book (needs a step-up for `withdrawal.address`). An EVM address with mixed case must carry a valid EIP-55 checksum (stored checksummed); a Bitcoin address (P2PKH, P2SH, bech32/bech32m) must be valid and of the server’s Bitcoin network (mainnet in production, testnet in demo mode). It can be used after the cooling-off period (24 hours unless configured; none in demo mode).',
    auth: 'bearer',
    requires: LEAVES_MERIDIAN,
    status: 201,
    errors: ['step_up_required', 'address_invalid', 'address_checksum_invalid', 'address_wrong_network', 'address_exists'],
  }),
  labelWithdrawalAddress: endpoint('PATCH', '/withdrawal-addresses/:id', labelWithdrawalAddressBodySchema, withdrawalAddressSchema, {
    summary: 'Renames one of the customer’s saved addresses.',
    auth: 'bearer',
    requires: LEAVES_MERIDIAN,
    errors: ['address_not_found'],
  }),
  removeWithdrawalAddress: endpoint('DELETE', '/withdrawal-addresses/:id', undefined, withdrawalAddressesSchema, {
    summary: 'Removes one of the customer’s saved addresses (withdrawals already made to it keep it); answers the book as it is now.',
    auth: 'bearer',
    requires: LEAVES_MERIDIAN,
    errors: ['address_not_found'],
  }),
  createWithdrawalQuote: endpoint('POST', '/withdrawals/quotes', withdrawalQuoteBodySchema, withdrawalQuoteSchema, {
    summary:
      'A quote for withdrawing `amount` of `asset` to a saved address, firm for 60 seconds, refused when the balance does not cover it or the withdrawal limit does not allow it: the network fee (taken from the amount; estimated from the chain, or for Bitcoin the configured sat/vB rate × a typical size) and what arrives. Bitcoin withdrawals are available only where they are settled (the simulated processor of demo mode).',
    auth: 'bearer',
    requires: LEAVES_MERIDIAN,
    status: 201,
    errors: [
      'address_not_found',
      'address_cooling_off',
      'network_not_supported',
      'amount_invalid',
      'amount_too_precise',
      'amount_too_small',
      'insufficient_funds',
      'limit_exceeded',
      'rate_stale',
      'withdrawals_unavailable',
    ],
  }),
  createWithdrawal: endpoint('POST', '/withdrawals', withdrawalBodySchema, withdrawalSchema, {
    summary:
      'Withdraws as the quote says, once (needs a step-up for `withdrawal`, asked for with `step_up_required` only after the balance and the limit were found to allow it): the amount is held in the ledger at once (a pending `withdrawal` activity), the hot wallet signs and broadcasts, and the status goes `pending → broadcast → confirmed`, or `failed` with the amount returned.',
    auth: 'bearer',
    requires: LEAVES_MERIDIAN,
    status: 201,
    idempotent: true,
    errors: ['step_up_required', 'quote_not_found', 'quote_used', 'quote_expired', 'insufficient_funds', 'limit_exceeded', 'rate_stale'],
  }),
  getWithdrawal: endpoint('GET', '/withdrawals/:id', undefined, withdrawalSchema, {
    summary: 'One of the customer’s withdrawals, with its status and transaction hash.',
    auth: 'bearer',
    errors: ['withdrawal_not_found'],
  }),
  simulateWithdrawal: endpoint('POST', '/simulate/withdrawals/:id', simulateWithdrawalBodySchema, withdrawalSchema, {
    summary:
      'The simulated Bitcoin processor settles one of the customer’s own BTC withdrawals: `broadcast` (a simulated txid), `confirmed` (broadcast first if still pending) or `failed` (the held amount returned by a reversing ledger transaction). Demo mode only.',
    auth: 'bearer',
    // The processor's answer to a withdrawal that met LEAVES_MERIDIAN when it was made: never held back.
    requires: [],
    idempotent: true,
    demoMode: true,
    errors: ['withdrawal_not_found', 'network_not_supported', 'withdrawal_settled'],
  }),
};
