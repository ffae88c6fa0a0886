import { z } from 'zod';
import { decimalSchema, timestampSchema, textSchema } from './common';
import { LIMITED_OPERATIONS, NAME_MAX_LENGTH, PERSON_NAME } from './fields';

export { LIMITED_OPERATIONS, NAME_MAX_LENGTH };

export const PROMO_CODE_MAX_LENGTH = 32;

/** A first or last name (contract/fields.ts `PERSON_NAME`); the same rule as `personNameProblem`. */
export const personNameSchema = textSchema(NAME_MAX_LENGTH).min(1).regex(PERSON_NAME, 'Letters, spaces, apostrophes and hyphens only');

export const updateNameBodySchema = z.strictObject({
  firstName: personNameSchema,
  lastName: personNameSchema,
});
export type UpdateNameBody = z.infer<typeof updateNameBodySchema>;

/** The version of the terms the customer read and accepts: the one in force, or `terms_version_outdated`. */
/** The terms version the customer read and accepts: a month, as `TERMS_VERSION` names versions. */
export const acceptTermsBodySchema = z.strictObject({
  version: z
    .string()
    .max(7)
    .regex(/^\d{4}-\d{2}$/),
});
export type AcceptTermsBody = z.infer<typeof acceptTermsBodySchema>;

/** Promo codes are case-insensitive: `welcome10` redeems `WELCOME10`. */
export const promoCodeBodySchema = z.strictObject({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .min(1)
    .max(PROMO_CODE_MAX_LENGTH)
    .regex(/^[A-Z0-9_-]+$/, 'Letters, digits, "-" and "_" only'),
});
export type PromoCodeBody = z.infer<typeof promoCodeBodySchema>;

export const promoRedemptionSchema = z.object({
  code: z.string(),
  description: z.string(),
  redeemedAt: timestampSchema,
});
export type PromoRedemption = z.infer<typeof promoRedemptionSchema>;

/**
 * Where the customer's identity check stands; money flows beyond level 1 need `approved`. `pending` is
 * submitted and waiting for review; `resubmission_requested`: the reviewer asked for one step again.
 */
export const KYC_STATUSES = ['not_started', 'in_progress', 'pending', 'approved', 'rejected', 'resubmission_requested'] as const;
export const kycStatusSchema = z.enum(KYC_STATUSES);
export type KycStatus = z.infer<typeof kycStatusSchema>;

/** `admin` reaches the operator tools; everyone else is a `customer`. */
export const ROLES = ['customer', 'admin'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export type LimitedOperation = (typeof LIMITED_OPERATIONS)[number];

export const periodLimitsSchema = z.object({ daily: decimalSchema, monthly: decimalSchema });

export const depositLevelSchema = z.object({
  level: z.int().positive(),
  name: z.string(),
  /** Total deposits (in `currency`) from which the level applies. */
  minTotalDeposit: decimalSchema,
  currency: z.literal('USD'),
  /** What the level allows per operation, in US dollars. */
  limits: z.object({
    top_up: periodLimitsSchema,
    transfer: periodLimitsSchema,
    payment: periodLimitsSchema,
    withdrawal: periodLimitsSchema,
    receive: periodLimitsSchema,
  }),
});
export type DepositLevel = z.infer<typeof depositLevelSchema>;

/**
 * `GET /users-deposit-levels/by-user`: every level, lowest first, and where the customer stands. The
 * level is the highest whose `minTotalDeposit` the customer's completed deposits (valued in US dollars
 * when they arrived) reach, but at most 1 until KYC is approved.
 */
export const userDepositLevelsSchema = z.object({
  currentLevel: z.int().positive(),
  /** The level the deposits alone reach; above `currentLevel` only while KYC is not approved. */
  reachedLevel: z.int().positive(),
  /** True when KYC approval is what keeps the customer below `reachedLevel` (or below the next level). */
  kycRequired: z.boolean(),
  /** Completed deposits so far, in US dollars. */
  totalDeposits: decimalSchema,
  levels: z.array(depositLevelSchema),
  /** Progress to the level after `currentLevel`; null on the highest. */
  next: z
    .object({
      level: z.int().positive(),
      name: z.string(),
      minTotalDeposit: decimalSchema,
      /** Deposits still needed, in US dollars (0.00 when only KYC is missing). */
      remaining: decimalSchema,
      /** Share of the way from the current level's threshold to the next one's, 0 to 100. */
      progressPercent: z.number().min(0).max(100),
    })
    .nullable(),
});
export type UserDepositLevels = z.infer<typeof userDepositLevelsSchema>;

/** One period of one operation's limit, in US dollars: what the level allows, what was used, what is left. */
export const periodUsageSchema = z.object({ limit: decimalSchema, used: decimalSchema, left: decimalSchema });

/**
 * `GET /users-deposit-levels/limits`: for each limited operation, today (UTC) and this calendar month,
 * what the customer's level allows and what is left, so a screen can say it before an amount is typed.
 * Top-ups count money received by deposits and vouchers, `receive` money sent by other customers; the
 * others count money paid (pending included).
 */
export const operationLimitsSchema = z.object({
  top_up: z.object({ daily: periodUsageSchema, monthly: periodUsageSchema }),
  transfer: z.object({ daily: periodUsageSchema, monthly: periodUsageSchema }),
  payment: z.object({ daily: periodUsageSchema, monthly: periodUsageSchema }),
  withdrawal: z.object({ daily: periodUsageSchema, monthly: periodUsageSchema }),
  receive: z.object({ daily: periodUsageSchema, monthly: periodUsageSchema }),
});
export type OperationLimits = z.infer<typeof operationLimitsSchema>;
