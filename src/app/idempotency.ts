import { idempotencyKeys, type IdempotencyKeys } from '../../machines/parts/idempotentSubmit';
import { safeStorage, STORAGE_KEYS } from '../platform/storage';

/** An Idempotency-Key the server takes (`^[\x21-\x7e]{1,255}$`): random, so no two intents share one. */
export const newIdempotencyKey = () => crypto.randomUUID();

/** A flow's keys for the life of its page (a voucher, a collateral move). */
export const pageIdempotencyKeys = (): IdempotencyKeys => idempotencyKeys(newIdempotencyKey);

/**
 * A money POST bound to a quote (transfer, withdrawal, bank payout, payment by link): its key is kept in this tab's
 * session storage with the quote it belongs to, so a reload before the answer came sends the same key.
 */
export const quotedIdempotencyKeys = (flow: 'transfer' | 'withdrawal' | 'payout' | 'payment'): IdempotencyKeys =>
  idempotencyKeys(newIdempotencyKey, { storage: safeStorage('session'), storageKey: `${STORAGE_KEYS.idempotencyKey}:${flow}` });
