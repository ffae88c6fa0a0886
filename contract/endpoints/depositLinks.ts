import { endpoint } from './define';
import { createDepositLinkBodySchema, depositLinkPaymentBodySchema, depositLinkSchema } from '../depositLinks';

/** Links that let anyone pay a customer's deposit from a browser wallet (/inject/crypto/on-chain/wallet/:hash). */
export const depositLinksEndpoints = {
  createDepositLink: endpoint('POST', '/deposit-links', createDepositLinkBodySchema, depositLinkSchema, {
    summary:
      'Create a link asking for `amount` of `asset` over `network`, paid to the customer’s deposit address on that chain. The link’s hash is 256 random bits; whoever holds it can see the request and pay it.',
    auth: 'bearer',
    status: 201,
    errors: ['network_not_supported', 'rate_limited'],
  }),
  getDepositLink: endpoint('GET', '/deposit-links/:hash', undefined, depositLinkSchema, {
    summary:
      'A deposit request, for the payer (no sign-in): asset, amount, chain, token contract and the deposit address, and what arrived: `status` (`open`, `confirming`, `paid`, `underpaid` with the `remainder`, `overpaid`) and `received`. Any unknown or malformed hash is `deposit_link_not_found`.',
    auth: 'none',
    errors: ['deposit_link_not_found'],
  }),
  reportDepositLinkPayment: endpoint('POST', '/deposit-links/:hash/payments', depositLinkPaymentBodySchema, depositLinkSchema, {
    summary:
      'The wallet page reports the transaction it sent to pay the link (no sign-in; reporting it again changes nothing). It counts once the watcher credits it as a deposit of the link’s asset to its address on its network, mined after the link was created; any other transaction counts for nothing (it stays an ordinary deposit). A transaction pays one link at most; a link takes at most 10; reports are rate-limited per address. Answers the link as `GET` does.',
    auth: 'none',
    errors: ['deposit_link_not_found', 'deposit_link_payment_taken', 'deposit_link_payments_limit', 'rate_limited'],
  }),
};
