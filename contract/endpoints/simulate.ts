import { endpoint } from './define';
import {
  adjustmentBodySchema,
  adminCustomersQuerySchema,
  adminCustomersSchema,
  adminOutboxQuerySchema,
  adminOutboxSchema,
  auditLogSchema,
  incomingTransferSchema,
  simulateBankTransferBodySchema,
  simulateCryptoDepositBodySchema,
  simulatedMovementSchema,
  simulationAccountsSchema,
} from '../simulate';

/**
 * The simulation area. The customer's tools and the admin's demo tools are mounted only in demo mode
 * (404 otherwise); the audit log is an operator's record and stays in production, for admins only.
 */
export const simulateEndpoints = {
  listSimulationAccounts: endpoint('GET', '/simulate/accounts', undefined, simulationAccountsSchema, {
    summary: "The customer's fiat and crypto accounts that simulated money can arrive in. Demo mode only.",
    auth: 'bearer',
    demoMode: true,
  }),
  simulateBankTransfer: endpoint('POST', '/simulate/bank-transfer', simulateBankTransferBodySchema, incomingTransferSchema, {
    summary:
      "A bank transfer from `senderName` arrives at Meridian's bank in `currency`. When its `reference` holds a customer's personal payment reference (GET /inject/fiat/details) it is credited to that customer's account in the currency (opened when missing) as a deposit; when it names nobody, or would pass that customer's top-up limit, it is held for an admin's review (`status: held`). Demo mode only.",
    auth: 'bearer',
    // Test money arriving, which a new customer tries first: the level's top-up limit holds it.
    requires: [],
    idempotent: true,
    demoMode: true,
    errors: ['amount_too_precise', 'rate_stale'],
  }),
  simulateCryptoDeposit: endpoint('POST', '/simulate/crypto-deposit', simulateCryptoDepositBodySchema, simulatedMovementSchema, {
    summary:
      "Coins arrive in one of the customer's crypto accounts over a network of its asset: a deposit with its activity, within the level's monthly top-up limit. Demo mode only.",
    auth: 'bearer',
    // As the bank transfer: money arriving, within the level's top-up limit.
    requires: [],
    idempotent: true,
    demoMode: true,
    errors: ['account_not_found', 'amount_too_precise', 'network_not_supported', 'limit_exceeded', 'rate_stale'],
  }),
  listAdminCustomers: endpoint('GET', '/simulate/admin/customers', undefined, adminCustomersSchema, {
    summary: 'Customers whose e-mail contains `q`, with their accounts and balances (at most 50). Admins, demo mode only.',
    auth: 'bearer',
    role: 'admin',
    demoMode: true,
    query: adminCustomersQuerySchema,
  }),
  adjustAccount: endpoint('POST', '/simulate/admin/adjustments', adjustmentBodySchema, simulatedMovementSchema, {
    summary:
      "Credit or debit a customer's account against the asset's system account, with a mandatory reason; a debit never takes the balance below zero. Written to the audit log. Admins, demo mode only.",
    auth: 'bearer',
    role: 'admin',
    // The role is the rule: an admin acts on a customer's account, not their own.
    requires: [],
    demoMode: true,
    idempotent: true,
    errors: ['account_not_found', 'amount_too_precise', 'insufficient_funds'],
  }),
  listAdminOutbox: endpoint('GET', '/simulate/admin/outbox', undefined, adminOutboxSchema, {
    summary: 'The latest messages (of one recipient with `to`), at most 50; each look is written to the audit log. Admins, demo mode only.',
    auth: 'bearer',
    role: 'admin',
    demoMode: true,
    query: adminOutboxQuerySchema,
  }),
  listAuditLog: endpoint('GET', '/simulate/admin/audit', undefined, auditLogSchema, {
    summary: "The admins' actions, newest first (at most 50): who, what, to whom, why, when and the request id. Admins.",
    auth: 'bearer',
    role: 'admin',
  }),
};
