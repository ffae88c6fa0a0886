import { z } from 'zod';
import { cryptoAssetSchema, fiatAssetSchema } from './assets';
import { decimalSchema, positiveAmountSchemaOf, signedDecimalSchema, textSchema, timestampSchema } from './common';

/**
 * Card accounts: a euro credit line against crypto collateral. Card payments take the card account's
 * balance below zero (the debt), at most to minus its credit limit; the limit is `CREDIT_RATIO_PERCENT`
 * of the collateral's value at fresh rates. The loan-to-value (debt ÷ collateral value) is watched:
 * a warning at `LTV_WARNING_PERCENT`, a margin call at `LTV_MARGIN_CALL_PERCENT`, and at
 * `LTV_LIQUIDATION_PERCENT` enough collateral is sold to repay the debt.
 */
export const CREDIT_RATIO_PERCENT = '50';
export const LTV_WARNING_PERCENT = '65';
export const LTV_MARGIN_CALL_PERCENT = '75';
export const LTV_LIQUIDATION_PERCENT = '85';

/** A positive amount as typed: at most 20 integer and 18 fractional digits; the asset's decimals are checked by the server. */
export const amountSchema = positiveAmountSchemaOf({ format: 'Expected a decimal amount', positive: 'Expected an amount above zero' });

/** Where the loan-to-value stands against the thresholds. */
export const LTV_LEVELS = ['none', 'warning', 'margin_call', 'liquidation'] as const;
export const ltvLevelSchema = z.enum(LTV_LEVELS);
export type LtvLevel = z.infer<typeof ltvLevelSchema>;

/**
 * The credit line of a card account, in its currency (EUR), at the current rates.
 * - `creditLimit`: half the collateral's value, rounded down to cents.
 * - `used`: the debt (what card payments took and was not repaid).
 * - `available`: what card payments may still take (never below zero).
 * - `ltv`: the debt as a percentage of the collateral's value, two decimals; null without debt.
 * - `stale`: a rate behind these figures is older than 5 minutes: shown, but nothing is decided on it
 *   (authorizations, withdrawals and liquidations wait for fresh rates).
 */
export const cardCreditSchema = z.object({
  id: z.uuid(),
  currency: fiatAssetSchema,
  name: z.string(),
  collateralValue: decimalSchema,
  creditLimit: decimalSchema,
  used: decimalSchema,
  available: decimalSchema,
  ltv: decimalSchema.nullable(),
  ltvLevel: ltvLevelSchema,
  stale: z.boolean(),
  createdAt: timestampSchema,
});
export type CardCredit = z.infer<typeof cardCreditSchema>;
export const cardCreditListSchema = z.array(cardCreditSchema);

/** One crypto asset pledged as collateral, valued in the card account's currency. */
export const collateralHoldingSchema = z.object({
  asset: cryptoAssetSchema,
  amount: decimalSchema,
  /** Card-account currency per unit of the asset. */
  rate: decimalSchema,
  value: decimalSchema,
  stale: z.boolean(),
});
export type CollateralHolding = z.infer<typeof collateralHoldingSchema>;

/** `GET /card-accounts/:accountId/collateral`: what is pledged, the credit line and the thresholds. */
export const collateralSchema = z.object({
  credit: cardCreditSchema,
  holdings: z.array(collateralHoldingSchema),
  thresholds: z.object({
    creditRatio: decimalSchema,
    warning: decimalSchema,
    marginCall: decimalSchema,
    liquidation: decimalSchema,
  }),
});
export type Collateral = z.infer<typeof collateralSchema>;

export const COLLATERAL_DIRECTIONS = ['add', 'withdraw'] as const;
export const collateralDirectionSchema = z.enum(COLLATERAL_DIRECTIONS);
export type CollateralDirection = z.infer<typeof collateralDirectionSchema>;

/** `POST /card-accounts/:accountId/collateral/add|withdraw`: from or back to the customer's crypto account of the asset. */
export const collateralMoveBodySchema = z.strictObject({ asset: cryptoAssetSchema, amount: amountSchema });
export type CollateralMoveBody = z.infer<typeof collateralMoveBodySchema>;

/** `GET /card-accounts/:accountId/collateral/preview`: what a move would make of the credit line. */
export const collateralPreviewQuerySchema = z.strictObject({
  direction: collateralDirectionSchema,
  asset: cryptoAssetSchema,
  amount: amountSchema,
});
export type CollateralPreviewQuery = z.infer<typeof collateralPreviewQuerySchema>;

export const collateralPreviewSchema = z.object({
  /** The loan-to-value after the move; null without debt. */
  ltv: decimalSchema.nullable(),
  creditLimit: decimalSchema,
  available: decimalSchema,
  /** False when a withdrawal would leave more owed than the credit limit (or take more than is pledged). */
  allowed: z.boolean(),
  /** A withdrawal of more than is pledged of the asset: refused, and the figures are the line as it is now. */
  overPledged: z.boolean(),
  stale: z.boolean(),
});
export type CollateralPreview = z.infer<typeof collateralPreviewSchema>;

/** `POST /card-accounts/:accountId/repay`: from one of the customer's fiat accounts in the card account's currency. */
export const repayBodySchema = z.strictObject({ fromAccountId: z.uuid(), amount: amountSchema });
export type RepayBody = z.infer<typeof repayBodySchema>;

export const CARD_FORMS = ['virtual', 'physical'] as const;
export const cardFormSchema = z.enum(CARD_FORMS);
export type CardForm = z.infer<typeof cardFormSchema>;

/** A physical card goes ordered → shipped → active (the customer activates it); a virtual one is active at once. */
export const CARD_STATUSES = ['ordered', 'shipped', 'active'] as const;
export const cardStatusSchema = z.enum(CARD_STATUSES);
export type CardStatus = z.infer<typeof cardStatusSchema>;

/** Spending limits in the card account's currency: per calendar day and month (UTC). */
export const CARD_LIMIT_MAX = '50000';
export const CARD_DEFAULT_LIMITS = { daily: '1000.00', monthly: '5000.00' } as const;

/** A card as lists show it: never the full number. */
export const cardSchema = z.object({
  id: z.uuid(),
  accountId: z.uuid(),
  form: cardFormSchema,
  status: cardStatusSchema,
  frozen: z.boolean(),
  /** `•••• 4242` is the app's to draw; this is the last four digits. */
  last4: z.string().regex(/^\d{4}$/),
  expiryMonth: z.number().int().min(1).max(12),
  expiryYear: z.number().int(),
  dailyLimit: decimalSchema,
  monthlyLimit: decimalSchema,
  /** Spent today and this month (UTC) against the limits. */
  spentToday: decimalSchema,
  spentThisMonth: decimalSchema,
  online: z.boolean(),
  contactless: z.boolean(),
  createdAt: timestampSchema,
});
export type Card = z.infer<typeof cardSchema>;
export const cardsSchema = z.array(cardSchema);

export const issueCardBodySchema = z.strictObject({ form: cardFormSchema });
export type IssueCardBody = z.infer<typeof issueCardBodySchema>;

/** At most this many cards per card account. */
export const CARDS_PER_ACCOUNT_MAX = 5;

const limitSchema = amountSchema.refine((value) => /^\d+(\.\d{1,2})?$/.test(value), 'At most two decimals');

/** `POST /cards/:cardId/controls`: any of the limits and switches; the daily limit may not exceed the monthly one. */
export const cardControlsBodySchema = z
  .strictObject({
    dailyLimit: limitSchema.optional(),
    monthlyLimit: limitSchema.optional(),
    online: z.boolean().optional(),
    contactless: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Change at least one control', path: ['body'] });
export type CardControlsBody = z.infer<typeof cardControlsBodySchema>;

/** `POST /cards/:cardId/reveal` (after a `card.reveal` step-up): answered with `Cache-Control: no-store`. */
export const cardSecretsSchema = z.object({
  number: z.string().regex(/^\d{16}$/),
  cvv: z.string().regex(/^\d{3}$/),
  expiryMonth: z.number().int().min(1).max(12),
  expiryYear: z.number().int(),
});
export type CardSecrets = z.infer<typeof cardSecretsSchema>;

export const CARD_CHANNELS = ['online', 'contactless', 'chip'] as const;
export const cardChannelSchema = z.enum(CARD_CHANNELS);
export type CardChannel = z.infer<typeof cardChannelSchema>;

/** What a card payment was for, as the card network tells it (a merchant category code's group). */
export const MERCHANT_CATEGORIES = ['groceries', 'dining', 'transport', 'shopping', 'travel', 'entertainment', 'bills', 'other'] as const;
export const merchantCategorySchema = z.enum(MERCHANT_CATEGORIES);
export type MerchantCategory = z.infer<typeof merchantCategorySchema>;

/** `POST /simulate/card-authorizations` (demo mode): a merchant asks to take `amount` from the card; `category` is `other` unless given. */
export const cardAuthorizationBodySchema = z.strictObject({
  cardId: z.uuid(),
  amount: amountSchema,
  merchant: textSchema(100).pipe(z.string().min(1)),
  channel: cardChannelSchema,
  category: merchantCategorySchema.optional(),
});
export type CardAuthorizationBody = z.infer<typeof cardAuthorizationBodySchema>;

export const cardAuthorizationSchema = z.object({
  id: z.uuid(),
  cardId: z.uuid(),
  /** Signed as posted to the card account (negative). */
  amount: signedDecimalSchema,
  merchant: z.string(),
  available: decimalSchema,
  createdAt: timestampSchema,
});
export type CardAuthorization = z.infer<typeof cardAuthorizationSchema>;

/** `POST /admin/card-accounts/ltv-sweep`: how many credit lines crossed into each level (and were told). */
export const ltvSweepSchema = z.object({
  checked: z.number().int(),
  warned: z.number().int(),
  marginCalled: z.number().int(),
  liquidated: z.number().int(),
  skippedStale: z.number().int(),
});
export type LtvSweep = z.infer<typeof ltvSweepSchema>;
