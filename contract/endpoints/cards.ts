import { MOVES_MONEY } from '../customerRules';
import { endpoint } from './define';
import {
  cardAuthorizationBodySchema,
  cardAuthorizationSchema,
  cardControlsBodySchema,
  cardCreditListSchema,
  cardCreditSchema,
  cardSchema,
  cardSecretsSchema,
  cardsSchema,
  collateralMoveBodySchema,
  collateralPreviewQuerySchema,
  collateralPreviewSchema,
  collateralSchema,
  issueCardBodySchema,
  ltvSweepSchema,
  repayBodySchema,
} from '../cards';
import { emptyBodySchema } from '../common';

/**
 * Card accounts as a credit line against crypto collateral, their cards and the simulated card network.
 * Every id is the customer's own: another customer's id answers 404 as if it did not exist.
 */
export const cardsEndpoints = {
  listCardAccounts: endpoint('GET', '/card-accounts', undefined, cardCreditListSchema, {
    summary: "The customer's card accounts (at most one) with their credit line at the current rates.",
    auth: 'bearer',
  }),
  getCardAccount: endpoint('GET', '/card-accounts/:accountId', undefined, cardCreditSchema, {
    summary: 'One card account: collateral value, credit limit (50 % of it), used, available, loan-to-value and its level.',
    auth: 'bearer',
    errors: ['card_account_not_found'],
  }),
  repayCardAccount: endpoint('POST', '/card-accounts/:accountId/repay', repayBodySchema, cardCreditSchema, {
    summary: "Repay card debt from one of the customer's fiat accounts in the card account's currency; answers the credit line after it.",
    auth: 'bearer',
    requires: MOVES_MONEY,
    idempotent: true,
    errors: [
      'card_account_not_found',
      'account_not_found',
      'insufficient_funds',
      'repayment_exceeds_debt',
      'amount_invalid',
      'amount_too_precise',
    ],
  }),
  getCollateral: endpoint('GET', '/card-accounts/:accountId/collateral', undefined, collateralSchema, {
    summary: 'The collateral pledged per crypto asset with its value, the credit line and the loan-to-value thresholds (65, 75, 85 %).',
    auth: 'bearer',
    errors: ['card_account_not_found'],
  }),
  previewCollateral: endpoint('GET', '/card-accounts/:accountId/collateral/preview', undefined, collateralPreviewSchema, {
    summary: 'What adding or withdrawing collateral would make of the loan-to-value and the credit line (nothing is moved).',
    auth: 'bearer',
    query: collateralPreviewQuerySchema,
    errors: ['card_account_not_found', 'amount_too_precise'],
  }),
  addCollateral: endpoint('POST', '/card-accounts/:accountId/collateral/add', collateralMoveBodySchema, collateralSchema, {
    summary: "Pledge crypto from the customer's account of that asset as collateral; answers the collateral after it.",
    auth: 'bearer',
    requires: MOVES_MONEY,
    idempotent: true,
    errors: ['card_account_not_found', 'account_not_found', 'insufficient_funds', 'amount_invalid', 'amount_too_precise'],
  }),
  withdrawCollateral: endpoint('POST', '/card-accounts/:accountId/collateral/withdraw', collateralMoveBodySchema, collateralSchema, {
    summary:
      "Take collateral back to the customer's crypto account; refused with `ltv_too_high` (and the loan-to-value it would reach) when more would be owed than the credit limit it leaves, and on stale rates while there is debt.",
    auth: 'bearer',
    requires: MOVES_MONEY,
    idempotent: true,
    errors: ['card_account_not_found', 'insufficient_funds', 'ltv_too_high', 'rate_stale', 'amount_invalid', 'amount_too_precise'],
  }),
  listCards: endpoint('GET', '/card-accounts/:accountId/cards', undefined, cardsSchema, {
    summary: "The card account's cards: last four digits, expiry, status, frozen, limits with what is spent, switches.",
    auth: 'bearer',
    errors: ['card_account_not_found'],
  }),
  issueCard: endpoint('POST', '/card-accounts/:accountId/cards', issueCardBodySchema, cardSchema, {
    summary:
      'Issue a virtual card (active at once) or order a physical one (ordered → shipped → activated by the customer). The `Idempotency-Key` makes a repeated request (a double tap, a retry) answer the same card.',
    auth: 'bearer',
    requires: ['email-verified'],
    idempotent: true,
    status: 201,
    errors: ['card_account_not_found', 'cards_limit_reached'],
  }),
  freezeCard: endpoint('POST', '/cards/:cardId/freeze', emptyBodySchema, cardSchema, {
    summary: 'Freeze the card: it authorizes nothing until unfrozen. Freezing a frozen card changes nothing.',
    auth: 'bearer',
    errors: ['card_not_found'],
  }),
  unfreezeCard: endpoint('POST', '/cards/:cardId/unfreeze', emptyBodySchema, cardSchema, {
    summary: 'Unfreeze the card.',
    auth: 'bearer',
    errors: ['card_not_found'],
  }),
  activateCard: endpoint('POST', '/cards/:cardId/activate', emptyBodySchema, cardSchema, {
    summary: 'Activate a physical card that was shipped.',
    auth: 'bearer',
    errors: ['card_not_found', 'card_not_shipped'],
  }),
  updateCardControls: endpoint('POST', '/cards/:cardId/controls', cardControlsBodySchema, cardSchema, {
    summary: 'Change the daily and monthly limits (at most 50 000, daily ≤ monthly) and the online and contactless switches.',
    auth: 'bearer',
    errors: ['card_not_found', 'card_limits_invalid'],
  }),
  revealCard: endpoint('POST', '/cards/:cardId/reveal', emptyBodySchema, cardSecretsSchema, {
    summary:
      'The full card number, expiry and CVV, after a `card.reveal` step-up (spent by this call). The CVV is derived, never stored; the answer is `Cache-Control: no-store`.',
    auth: 'bearer',
    errors: ['card_not_found', 'step_up_required'],
  }),
  simulateCardAuthorization: endpoint('POST', '/simulate/card-authorizations', cardAuthorizationBodySchema, cardAuthorizationSchema, {
    summary:
      'Demo mode: a merchant takes an amount from one of the customer’s cards. Enforces freeze, status, the channel switch, the daily and monthly limits and the available credit; posts a `card_payment` activity.',
    auth: 'bearer',
    requires: MOVES_MONEY,
    idempotent: true,
    demoMode: true,
    errors: [
      'card_not_found',
      'card_frozen',
      'card_not_active',
      'card_channel_disabled',
      'card_limit_exceeded',
      'credit_insufficient',
      'rate_stale',
      'amount_invalid',
      'amount_too_precise',
    ],
  }),
  simulateCardShipment: endpoint('POST', '/simulate/cards/:cardId/ship', emptyBodySchema, cardSchema, {
    summary: 'Demo mode: the physical card ordered by the customer is shipped (ordered → shipped).',
    auth: 'bearer',
    demoMode: true,
    errors: ['card_not_found', 'card_not_shipped'],
  }),
  sweepLoanToValue: endpoint('POST', '/admin/card-accounts/ltv-sweep', emptyBodySchema, ltvSweepSchema, {
    summary:
      'Check every credit line with debt at fresh rates: tell the customer when the loan-to-value crosses 65 % (warning) or 75 % (margin call); at 85 % sell enough collateral to repay the debt. The server also runs it every minute.',
    auth: 'bearer',
    role: 'admin',
    demoMode: true,
  }),
};
