import { z } from 'zod';
import { assetSchema } from './assets';
import { amountSchema } from './cards';
import { decimalSchema, textSchema, timestampSchema } from './common';
import { quoteSchema } from './transfers';

/**
 * Payment requests by link (`/pay/{hash}`). The hash is the link's only secret: 16 random bytes in
 * base64url (22 characters, 128 bits), so links cannot be guessed or enumerated.
 */
export const PAY_LINK_HASH = /^[A-Za-z0-9_-]{22}$/;
export const payLinkHashSchema = z.string().regex(PAY_LINK_HASH);

export const PAY_LINK_STATUSES = ['open', 'paid', 'expired', 'cancelled'] as const;
export const payLinkStatusSchema = z.enum(PAY_LINK_STATUSES);
export type PayLinkStatus = z.infer<typeof payLinkStatusSchema>;

/** How long a link stays payable; null: until paid or cancelled. */
export const PAY_LINK_EXPIRIES_HOURS = [1, 24, 168] as const;
export const PAY_LINK_DESCRIPTION_MAX = 140;

export const createPayLinkBodySchema = z.strictObject({
  asset: assetSchema,
  amount: amountSchema,
  description: textSchema(PAY_LINK_DESCRIPTION_MAX).min(1),
  expiresInHours: z.union([z.literal(1), z.literal(24), z.literal(168), z.null()]),
});
export type CreatePayLinkBody = z.infer<typeof createPayLinkBodySchema>;

/** A request as its requester sees it. */
export const payLinkSchema = z.object({
  hash: payLinkHashSchema,
  asset: assetSchema,
  amount: decimalSchema,
  description: z.string(),
  status: payLinkStatusSchema,
  expiresAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
  paidAt: timestampSchema.nullable(),
});
export type PayLink = z.infer<typeof payLinkSchema>;
export const payLinksSchema = z.array(payLinkSchema);

/**
 * A request as anyone signed in with its link sees it: who asks (the display name only, never an e-mail
 * address; null when the requester gave no name), what and why. `own`: the viewer is the requester.
 */
export const payLinkViewSchema = payLinkSchema.omit({ createdAt: true, paidAt: true }).extend({
  requesterName: z.string().nullable(),
  own: z.boolean(),
});
export type PayLinkView = z.infer<typeof payLinkViewSchema>;

/**
 * `GET /pay-links/:hash/preview`: what a signed-out visitor of the link sees above the sign-in — who asks,
 * masked (the first name and the initial of the last, `Ada L.`; null without a name), and how much.
 */
export const payLinkPreviewSchema = payLinkSchema.pick({ asset: true, amount: true, status: true }).extend({
  requesterName: z.string().nullable(),
});
export type PayLinkPreview = z.infer<typeof payLinkPreviewSchema>;

/** `POST /pay-links/:hash/quotes`: what paying from this account, in another asset than the link's, costs. */
export const payLinkQuoteBodySchema = z.strictObject({ fromAccountId: z.uuid() });
export type PayLinkQuoteBody = z.infer<typeof payLinkQuoteBodySchema>;

/**
 * A transfer's quote (contract/transfers.ts) whose `amountOut` is exactly the link's amount; the
 * requester's account it arrives in is theirs alone, so it is left out.
 */
export const payLinkQuoteSchema = quoteSchema.omit({ toAccountId: true });
export type PayLinkQuote = z.infer<typeof payLinkQuoteSchema>;

/** `quoteId` is required when the account's asset is not the link's, and refused otherwise. */
export const payPayLinkBodySchema = z.strictObject({ fromAccountId: z.uuid(), quoteId: z.uuid().optional() });
export type PayPayLinkBody = z.infer<typeof payPayLinkBodySchema>;

/** The payer's receipt. */
export const payLinkReceiptSchema = z.object({
  hash: payLinkHashSchema,
  asset: assetSchema,
  amount: decimalSchema,
  description: z.string(),
  requesterName: z.string().nullable(),
  fromAccountId: z.uuid(),
  /** What left the payer's account, in its asset: the amount, or the quote's amount in (fee included). */
  fromAsset: assetSchema,
  amountIn: decimalSchema,
  transactionId: z.uuid(),
  paidAt: timestampSchema,
});
export type PayLinkReceipt = z.infer<typeof payLinkReceiptSchema>;

/** One message of `GET /pay-links/:hash/events` (`text/event-stream`, event `status`): the link's status now. */
export const payLinkStatusEventSchema = z.object({ status: payLinkStatusSchema });
export type PayLinkStatusEvent = z.infer<typeof payLinkStatusEventSchema>;
