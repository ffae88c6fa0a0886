import { z } from 'zod';
import { decimalSchema, timestampSchema, textSchema } from './common';

export const NAME_MAX_LENGTH = 100;
export const PROMO_CODE_MAX_LENGTH = 32;

export const updateNameBodySchema = z.strictObject({
  firstName: textSchema(NAME_MAX_LENGTH).min(1),
  lastName: textSchema(NAME_MAX_LENGTH).min(1),
});
export type UpdateNameBody = z.infer<typeof updateNameBodySchema>;

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

export const depositLevelSchema = z.object({
  level: z.int().positive(),
  name: z.string(),
  /** Total deposits (in `currency`) from which the level applies. */
  minTotalDeposit: decimalSchema,
  currency: z.literal('USD'),
});
export type DepositLevel = z.infer<typeof depositLevelSchema>;

/** All levels, lowest first, and the one the customer is on. */
export const userDepositLevelsSchema = z.object({
  currentLevel: z.int().positive(),
  levels: z.array(depositLevelSchema),
});
export type UserDepositLevels = z.infer<typeof userDepositLevelsSchema>;
