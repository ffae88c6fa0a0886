import { z } from 'zod';
import { assetSchema } from './assets';
import { emailSchema } from './auth';
import { amountSchema } from './cards';
import { decimalSchema, textSchema, timestampSchema } from './common';
import { e164Schema } from './phone';

/**
 * Sending and requesting money between customers, by e-mail address or phone number. Money sent to an
 * address that is not a customer's waits in a holding account for `INVITATION_DAYS` and goes back to
 * the sender if nobody claims it; what a receiver's level cannot take yet waits there too.
 */

/** An invitation's money goes back to its sender this long after it was sent, unless claimed. */
export const INVITATION_DAYS = 14;
/** A send worth more than this (in US dollars, at the rate of the moment) needs the `send` step-up. */
export const SEND_STEP_UP_USD = '250';
/**
 * Addresses a sender may learn about per day: look-ups, requests (which look the payer up) and first sends
 * (whose receipt says sent or invited). The same address again within a day, or one paid before, is free.
 */
export const RECIPIENT_LOOKUPS_PER_DAY = 20;
/** A requester may remind the payer at most once in this many hours. */
export const REQUEST_REMINDER_HOURS = 24;
export const SEND_NOTE_MAX = 140;
export const CONTACT_SEARCH_MAX = 100;

/** Who: an e-mail address (compared lower-case) or a phone number in E.164. */
export const recipientAddressSchema = z.union([e164Schema, emailSchema]);

export const recipientLookupBodySchema = z.strictObject({ to: recipientAddressSchema });
export type RecipientLookupBody = z.infer<typeof recipientLookupBodySchema>;

/**
 * `POST /send/lookup`: the same shape whatever the address. `customer` false: sending invites them;
 * `name` is the customer's masked name (`Dana D.`), null for a customer without a name and for anyone else.
 */
export const recipientLookupSchema = z.object({ customer: z.boolean(), name: z.string().nullable() });
export type RecipientLookup = z.infer<typeof recipientLookupSchema>;

const noteSchema = textSchema(SEND_NOTE_MAX);

export const sendMoneyBodySchema = z.strictObject({
  to: recipientAddressSchema,
  fromAccountId: z.uuid(),
  amount: amountSchema,
  note: noteSchema.optional(),
});
export type SendMoneyBody = z.infer<typeof sendMoneyBodySchema>;

/**
 * `sent`: in the receiver's account; `held`: part or all of it waits until the receiver's level allows
 * it (`held` says how much); `invited`: waits for the address to become a customer's until `expiresAt`;
 * `returned`: nobody claimed it and it went back.
 */
export const SEND_STATUSES = ['sent', 'held', 'invited', 'returned'] as const;
export const sendStatusSchema = z.enum(SEND_STATUSES);
export type SendStatus = z.infer<typeof sendStatusSchema>;

/** The sender's receipt. */
export const sendReceiptSchema = z.object({
  id: z.uuid(),
  status: sendStatusSchema,
  /** The address sent to; null when paying a request (the requester's address is not the payer's to learn). */
  to: z.string().nullable(),
  /** The receiver's masked name; null for an invitation or a customer without a name. */
  recipientName: z.string().nullable(),
  fromAccountId: z.uuid(),
  asset: assetSchema,
  amount: decimalSchema,
  held: decimalSchema,
  note: z.string().nullable(),
  transactionId: z.uuid(),
  createdAt: timestampSchema,
  expiresAt: timestampSchema.nullable(),
});
export type SendReceipt = z.infer<typeof sendReceiptSchema>;

/** `GET /send/contacts?q=`: whom the customer sent to, most recent first, filtered by name or address. */
export const contactsQuerySchema = z.strictObject({ q: textSchema(CONTACT_SEARCH_MAX).optional() });
export type ContactsQuery = z.infer<typeof contactsQuerySchema>;

export const contactSchema = z.object({
  to: z.string(),
  /** The customer's display name, as the activities show it; null for an invitee or a customer without a name. */
  name: z.string().nullable(),
  lastSentAt: timestampSchema,
});
export type Contact = z.infer<typeof contactSchema>;
export const contactsSchema = z.array(contactSchema);

export const createMoneyRequestBodySchema = z.strictObject({
  from: recipientAddressSchema,
  asset: assetSchema,
  amount: amountSchema,
  note: noteSchema.optional(),
});
export type CreateMoneyRequestBody = z.infer<typeof createMoneyRequestBodySchema>;

export const MONEY_REQUEST_STATUSES = ['open', 'paid', 'declined', 'cancelled'] as const;
export const moneyRequestStatusSchema = z.enum(MONEY_REQUEST_STATUSES);
export type MoneyRequestStatus = z.infer<typeof moneyRequestStatusSchema>;

/** A request as either side sees it: `incoming` to pay, `outgoing` asked by the customer. */
export const moneyRequestSchema = z.object({
  id: z.uuid(),
  direction: z.enum(['incoming', 'outgoing']),
  /** The other customer's display name (null without one). */
  counterpartyName: z.string().nullable(),
  asset: assetSchema,
  amount: decimalSchema,
  note: z.string().nullable(),
  status: moneyRequestStatusSchema,
  createdAt: timestampSchema,
  decidedAt: timestampSchema.nullable(),
  remindedAt: timestampSchema.nullable(),
});
export type MoneyRequest = z.infer<typeof moneyRequestSchema>;
export const moneyRequestsSchema = z.array(moneyRequestSchema);

/** Paying a request: from one of the payer's accounts in the request's asset. */
export const payMoneyRequestBodySchema = z.strictObject({ fromAccountId: z.uuid() });
export type PayMoneyRequestBody = z.infer<typeof payMoneyRequestBodySchema>;
