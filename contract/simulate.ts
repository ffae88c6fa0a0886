import { z } from 'zod';
import { assetSchema, fiatAssetSchema, NETWORKS, type Network } from './assets';
import { decimalSchema, positiveAmountSchemaOf, textSchema, timestampSchema } from './common';
import { kycStatusSchema, roleSchema } from './users';
import { outboxMessageSchema } from './dev';

/**
 * The simulation area (demo mode only): a customer moves test money on their own accounts, an admin
 * looks after customers, rates and messages. Every admin action is written to the audit log.
 */

export const NETWORK_CODES = Object.keys(NETWORKS) as [Network, ...Network[]];
export const networkSchema = z.enum(NETWORK_CODES);

/** A positive amount as a decimal string; the server also refuses more decimals than the asset keeps. */
export const positiveAmountSchema = positiveAmountSchemaOf({ format: 'Expected a decimal amount', positive: 'Expected a positive amount' });

export const SENDER_NAME_MAX_LENGTH = 100;
export const REFERENCE_MAX_LENGTH = 140;
export const ADJUSTMENT_REASON_MAX_LENGTH = 200;
export const CUSTOMER_SEARCH_MAX_LENGTH = 254;

/** An account the simulation can move money on: the customer's own fiat and crypto accounts. */
export const simulationAccountSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['fiat', 'crypto']),
  currency: assetSchema,
  name: z.string(),
  balance: decimalSchema,
});
export type SimulationAccount = z.infer<typeof simulationAccountSchema>;
export const simulationAccountsSchema = z.array(simulationAccountSchema);

/**
 * `POST /simulate/bank-transfer`: a bank transfer from someone else arrives at Meridian's bank in a fiat
 * currency, with the reference the sender wrote; the reference decides whose account it is for.
 */
export const simulateBankTransferBodySchema = z.strictObject({
  currency: fiatAssetSchema,
  amount: positiveAmountSchema,
  senderName: textSchema(SENDER_NAME_MAX_LENGTH).min(1),
  reference: textSchema(REFERENCE_MAX_LENGTH).min(1),
});
export type SimulateBankTransferBody = z.infer<typeof simulateBankTransferBodySchema>;

/** What became of an incoming transfer: credited to the customer its reference names, or held for review. */
export const incomingTransferSchema = z.object({
  transferId: z.uuid(),
  status: z.enum(['credited', 'held']),
});
export type IncomingTransfer = z.infer<typeof incomingTransferSchema>;

/** `POST /simulate/crypto-deposit`: coins arrive in a crypto account over one of its asset's networks. */
export const simulateCryptoDepositBodySchema = z.strictObject({
  accountId: z.uuid(),
  network: networkSchema,
  amount: positiveAmountSchema,
});
export type SimulateCryptoDepositBody = z.infer<typeof simulateCryptoDepositBodySchema>;

/** What a simulated or admin movement answers: the ledger transaction and the account after it. */
export const simulatedMovementSchema = z.object({
  transactionId: z.uuid(),
  account: simulationAccountSchema,
});
export type SimulatedMovement = z.infer<typeof simulatedMovementSchema>;

/** `GET /simulate/admin/customers?q=`: customers whose e-mail contains `q` (all when absent), at most 50. */
export const adminCustomersQuerySchema = z.strictObject({
  q: textSchema(CUSTOMER_SEARCH_MAX_LENGTH).optional(),
});
export const adminCustomerSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: roleSchema,
  kycStatus: kycStatusSchema,
  accounts: simulationAccountsSchema,
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;
export const adminCustomersSchema = z.array(adminCustomerSchema);

/** `POST /simulate/admin/adjustments`: credit or debit a customer's account, always with a reason. */
export const adjustmentBodySchema = z.strictObject({
  accountId: z.uuid(),
  direction: z.enum(['credit', 'debit']),
  amount: positiveAmountSchema,
  reason: textSchema(ADJUSTMENT_REASON_MAX_LENGTH).min(3),
});
export type AdjustmentBody = z.infer<typeof adjustmentBodySchema>;

/** `GET /simulate/admin/outbox?to=`: the latest messages, of one recipient when `to` is given. */
export const adminOutboxQuerySchema = z.strictObject({ to: z.string().trim().toLowerCase().min(1).max(254).optional() });
export const adminOutboxSchema = z.object({ messages: z.array(outboxMessageSchema) });

export const ADMIN_ACTIONS = [
  'rates_set',
  'account_credited',
  'account_debited',
  'outbox_viewed',
  'kyc_approved',
  'kyc_rejected',
  'kyc_step_requested',
  'kyc_file_viewed',
  'kyc_queue_viewed',
  'voucher_created',
  'held_transfer_assigned',
  'held_transfer_returned',
] as const;
export const adminActionSchema = z.enum(ADMIN_ACTIONS);
export type AdminAction = z.infer<typeof adminActionSchema>;

/** One row of the admin audit log: who did what to whom, why, when, under which request id. */
export const auditEntrySchema = z.object({
  id: z.uuid(),
  adminEmail: z.string(),
  action: adminActionSchema,
  targetEmail: z.string().nullable(),
  targetAccountId: z.uuid().nullable(),
  /** What was done: amount and asset, the rates set, the recipient looked up. */
  details: z.record(z.string(), z.string()),
  reason: z.string().nullable(),
  requestId: z.uuid(),
  createdAt: timestampSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
/** Newest first, at most 50. */
export const auditLogSchema = z.array(auditEntrySchema);
