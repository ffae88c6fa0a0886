import { expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { ADMIN_QUERIES, createVoucherActors } from '../src/app/actors/admin';
import type { FlowHost } from '../src/app/actors/host';

it('an admin’s write is done once the server answered, while the lists it changed still load', async () => {
  const voucher = { amount: '10.00', currency: 'EUR', expiresAt: '2026-12-31T00:00:00.000Z' } as const;
  const created = { id: 'voucher-1', code: 'WELCOME-2026', ...voucher };
  const invalidated: unknown[] = [];
  const host = {
    client: { call: async () => ({ ok: true, data: created }) },
    // The audit log's refetch never ends here: the write must not wait for it.
    queryClient: {
      invalidateQueries: ({ queryKey }: { queryKey: unknown }) => {
        invalidated.push(queryKey);
        return new Promise<void>(() => {});
      },
    },
  } as unknown as FlowHost;
  const { submit } = createVoucherActors(host).actors;
  await expect(toPromise(createActor(submit, { input: { input: voucher, key: 'key-1' } }).start())).resolves.toBe(created);
  expect(invalidated).toEqual([ADMIN_QUERIES.audit]);
});
