import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { idempotencyKeys, idempotentSubmit, type KeyStorage } from '../machines/parts/idempotentSubmit';

/** A session storage as the browser keeps it for a tab: it outlives the page, so a "reload" is a new `idempotencyKeys`. */
function tabStorage(): KeyStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const counter = () => {
  let n = 0;
  return () => `key-${++n}`;
};

/** Submits once through the part; `answer` decides whether the server's answer came. */
async function submit(keys: ReturnType<typeof idempotencyKeys>, intent: string, answer: 'ok' | 'lost', sent: string[]) {
  const actor = createActor(
    idempotentSubmit(keys, async (_: object, key: string) => {
      sent.push(key);
      if (answer === 'lost') throw new Error('network_error');
      return 'done';
    }),
    { input: { intent } },
  ).start();
  return toPromise(actor).catch(() => 'failed');
}

describe('idempotent submit: one Idempotency-Key per intent', () => {
  it('keeps the key across retries of the same intent and makes a fresh one after it went through', async () => {
    const keys = idempotencyKeys(counter());
    const sent: string[] = [];
    expect(await submit(keys, 'quote-1', 'lost', sent)).toBe('failed');
    expect(await submit(keys, 'quote-1', 'ok', sent)).toBe('done');
    // The same body again after success is another payment.
    expect(await submit(keys, 'quote-1', 'ok', sent)).toBe('done');
    expect(sent).toEqual(['key-1', 'key-1', 'key-2']);
  });

  it('gives another intent another key', async () => {
    const keys = idempotencyKeys(counter());
    const sent: string[] = [];
    await submit(keys, 'account-a', 'lost', sent);
    await submit(keys, 'account-b', 'lost', sent);
    await submit(keys, 'account-a', 'lost', sent);
    expect(sent).toEqual(['key-1', 'key-2', 'key-3']);
  });

  it('keeps a money POST’s key across a reload, with the quote it belongs to, and clears it on success', async () => {
    const storage = tabStorage();
    const sent: string[] = [];
    const beforeReload = idempotencyKeys(counter(), { storage, storageKey: 'idempotency_key:transfer' });
    await submit(beforeReload, 'quote-1', 'lost', sent);
    expect(JSON.parse(storage.items.get('idempotency_key:transfer')!)).toEqual({ intent: 'quote-1', key: 'key-1' });

    const afterReload = idempotencyKeys(() => 'a-new-page-key', { storage, storageKey: 'idempotency_key:transfer' });
    await submit(afterReload, 'quote-1', 'ok', sent);
    expect(sent).toEqual(['key-1', 'key-1']);
    expect(storage.items.has('idempotency_key:transfer')).toBe(false);
  });

  it('still keeps the key for the page when storage refuses it', async () => {
    const refusing: KeyStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    const keys = idempotencyKeys(counter(), { storage: refusing, storageKey: 'idempotency_key:payment' });
    const sent: string[] = [];
    await submit(keys, 'quote-1', 'lost', sent);
    await submit(keys, 'quote-1', 'lost', sent);
    expect(sent).toEqual(['key-1', 'key-1']);
  });
});
