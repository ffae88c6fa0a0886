import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { followQuery } from '../src/app/actors/follow';
import { payLinkListMachine } from '../machines/payLinkList/payLinkList.machine';
import { PAY_LINK_POLL_MS } from '../machines/payment/payment.machine';
import { DEPOSIT_LINK_POLL_MS, walletPayLinkMachine } from '../machines/walletPayLink/walletPayLink.machine';
import { SAMPLE_DEPOSIT_LINK } from './models/depositLink.model';
import type { DepositLink } from '../contract/depositLinks';
import type { PayLink } from '../contract/payLinks';

const cookies = { hasAuthToken: true, hasRefreshToken: true };
const provide = <Input, Answer>(read: () => Promise<Answer>, session?: 'none') =>
  followQuery(new QueryClient(), (_: Input) => ({ queryKey: ['followed'], queryFn: read }), { session, cookies: () => cookies });

describe('following server data (the follow machine over a query)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Object.assign(cookies, { hasAuthToken: true, hasRefreshToken: true });
  });
  afterEach(() => vi.useRealTimers());

  it('reads at every poll while the session lasts, sends nothing while a session cookie is gone, and goes on once it is back', async () => {
    const read = vi.fn(async (): Promise<PayLink[]> => []);
    const actor = createActor(payLinkListMachine.provide(provide<void, PayLink[]>(read))).start();
    await vi.advanceTimersByTimeAsync(PAY_LINK_POLL_MS);
    expect(read).toHaveBeenCalledTimes(1);
    cookies.hasAuthToken = false;
    await vi.advanceTimersByTimeAsync(3 * PAY_LINK_POLL_MS);
    expect(read).toHaveBeenCalledTimes(1);
    cookies.hasAuthToken = true;
    await vi.advanceTimersByTimeAsync(PAY_LINK_POLL_MS);
    expect(read).toHaveBeenCalledTimes(2);
    actor.stop();
  });

  it('a link open to anyone is read without a session, and no more once it is paid', async () => {
    cookies.hasAuthToken = false;
    cookies.hasRefreshToken = false;
    let status: DepositLink['status'] = 'confirming';
    const read = vi.fn(async (): Promise<DepositLink> => ({ ...SAMPLE_DEPOSIT_LINK, status }));
    const actor = createActor(walletPayLinkMachine.provide(provide<{ hash: string }, DepositLink>(read, 'none')), {
      input: { hash: SAMPLE_DEPOSIT_LINK.hash },
    }).start();
    await vi.advanceTimersByTimeAsync(DEPOSIT_LINK_POLL_MS);
    expect(read).toHaveBeenCalledTimes(1);
    status = 'paid';
    await vi.advanceTimersByTimeAsync(DEPOSIT_LINK_POLL_MS);
    await vi.advanceTimersByTimeAsync(3 * DEPOSIT_LINK_POLL_MS);
    expect(read).toHaveBeenCalledTimes(2);
    actor.stop();
  });
});
