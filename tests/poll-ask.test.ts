import { describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { pollAsk } from '../src/app/actors/poll';

const ask = (cookies: { hasAuthToken: boolean; hasRefreshToken: boolean }) => {
  const request = vi.fn(async (id: string) => ({ id, status: 'sent' }));
  const actor = createActor(
    pollAsk(request, () => cookies),
    { input: 'withdrawal-1' },
  ).start();
  return { request, answer: toPromise(actor) };
};

describe('a poll’s ask', () => {
  it('sends its request while both session cookies are there', async () => {
    const { request, answer } = ask({ hasAuthToken: true, hasRefreshToken: true });
    await expect(answer).resolves.toEqual({ id: 'withdrawal-1', status: 'sent' });
    expect(request).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['the auth token expired', { hasAuthToken: false, hasRefreshToken: true }],
    ['another tab signed out', { hasAuthToken: false, hasRefreshToken: false }],
  ])('sends nothing when %s', async (_, cookies) => {
    const { request, answer } = ask(cookies);
    await expect(answer).rejects.toMatchObject({ code: 'session_gone' });
    expect(request).not.toHaveBeenCalled();
  });
});
