import { fromPromise } from 'xstate';

/**
 * The "submit once" part of every money write (transfer, withdrawal, payment by link, voucher,
 * collateral, …): the request carries an Idempotency-Key made once per **intent** — what the customer
 * means to do once, named by the machine (a quote's id, or the body as one string) — kept across retries
 * of it (a lost answer, a step-up that ran out, a refusal tried again), and fresh after it went through.
 * So a double click, a retry and, for keys kept in session storage, a reload are one request on the server.
 *
 * A machine using it declares its submit actor as `unprovided<Output, Input & SubmitIntent>` and passes
 * the intent in the actor's input; the app provides `idempotentSubmit(keys, send)`.
 */
export interface SubmitIntent {
  /** One intended write: the same intent is the same request, another intent another request. */
  intent: string;
}

/** Where a flow keeps the key of the intent it is submitting: one intent at a time. */
export interface IdempotencyKeys {
  /** The key kept for this intent, else a new one, kept from now on (it replaces another intent's). */
  keyFor(intent: string): string;
  /** The intent went through: the next submit, even of the same body, is a new request. */
  settled(intent: string): void;
}

interface Held {
  intent: string;
  key: string;
}

/** The part of `Storage` the keys use, so tests can pass a plain in-memory fake. */
export type KeyStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The keys of a flow. With `storage` (session storage, for money POSTs) the key is kept under
 * `storageKey` with the intent it belongs to, so a reload of the same intent (the same quote) sends the
 * same key; without it (or when storage fails) the key lives as long as the flow's page.
 */
export function idempotencyKeys(newKey: () => string, storage?: { storage: KeyStorage | null; storageKey: string }): IdempotencyKeys {
  let held: Held | null = null;
  const read = (): Held | null => {
    if (!storage?.storage) return held;
    try {
      const stored = JSON.parse(storage.storage.getItem(storage.storageKey) ?? 'null') as Partial<Held> | null;
      return typeof stored?.intent === 'string' && typeof stored.key === 'string' ? { intent: stored.intent, key: stored.key } : held;
    } catch {
      return held;
    }
  };
  const write = (next: Held | null) => {
    held = next;
    try {
      if (next) storage?.storage?.setItem(storage.storageKey, JSON.stringify(next));
      else storage?.storage?.removeItem(storage.storageKey);
    } catch {
      // Full or refused storage: the key still holds for this page.
    }
  };
  return {
    keyFor(intent) {
      const current = read();
      if (current?.intent === intent) return current.key;
      const key = newKey();
      write({ intent, key });
      return key;
    },
    settled(intent) {
      if (read()?.intent === intent) write(null);
    },
  };
}

/**
 * The submit actor: `send` gets the intent's key; once it resolved, the intent is settled. A rejection
 * keeps the key, for the retry of the same intent.
 */
export function idempotentSubmit<TOutput, TInput>(
  keys: IdempotencyKeys,
  send: (input: TInput, idempotencyKey: string) => Promise<TOutput>,
) {
  return fromPromise<TOutput, TInput & SubmitIntent>(async ({ input }) => {
    const output = await send(input, keys.keyFor(input.intent));
    keys.settled(input.intent);
    return output;
  });
}
