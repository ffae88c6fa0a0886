import { endpoint } from './define';
import { chainDepositsSchema, depositAddressQuerySchema, depositAddressSchema, depositsQuerySchema } from '../deposits';

/** Crypto top-up on-chain: the customer's deposit addresses and what arrived at them. */
export const depositsEndpoints = {
  getDepositAddress: endpoint('GET', '/deposits/address', undefined, depositAddressSchema, {
    summary:
      "The customer's address for `asset` over `network` (derived from the operator's extended public key at the customer's index, made on first request, then always the same), with the EIP-681 payment URI, the minimum deposit and the confirmations needed.",
    auth: 'bearer',
    query: depositAddressQuerySchema,
    errors: ['network_not_supported', 'deposits_unavailable'],
  }),
  listDeposits: endpoint('GET', '/deposits', undefined, chainDepositsSchema, {
    summary: "The customer's latest on-chain deposits of `asset` (at most 10, newest first) with their confirmations so far.",
    auth: 'bearer',
    query: depositsQuerySchema,
  }),
};
