import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../server/services/rate-limit';
import { TestClient, expectError, registerCustomer, uniqueIp, useTestServer } from '../server/helpers';

/**
 * Issue 21, item 14: promo codes could be found by trying names, as fast as one could send them. Tries
 * are now limited per customer and per address; a real code is refused too once the limit is reached,
 * so the answers say nothing past it.
 */
const { server } = useTestServer();
const redeem = (client: TestClient, code: string) => client.post('/users/promocode', { code });
const guesses = (count: number) => Array.from({ length: count }, (_, i) => `GUESS${i}`);

describe('promo code tries (issue 21, item 14)', () => {
  it('are limited per customer: past the limit even a real code answers 429 with Retry-After', async () => {
    const client = new TestClient(server);
    await registerCustomer(client);
    for (const code of guesses(RATE_LIMITS.promoPerAccount.limit)) expectError(await redeem(client, code), 404, 'promo_unknown');
    const refused = await redeem(client, 'WELCOME10');
    expectError(refused, 429, 'rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another customer is not slowed by it.
    const other = new TestClient(server);
    await registerCustomer(other);
    expect((await redeem(other, 'WELCOME10')).status).toBe(200);
  });

  it('are limited per address, however many accounts the guesses are spread over', async () => {
    const ip = uniqueIp();
    const perAccount = RATE_LIMITS.promoPerAccount.limit;
    const accounts = Math.ceil(RATE_LIMITS.promoPerIp.limit / perAccount);
    for (let i = 0; i < accounts; i += 1) {
      const client = new TestClient(server, ip);
      await registerCustomer(client);
      const tries = Math.min(perAccount, RATE_LIMITS.promoPerIp.limit - i * perAccount);
      for (const code of guesses(tries)) expectError(await redeem(client, code), 404, 'promo_unknown');
    }
    const fresh = new TestClient(server, ip);
    await registerCustomer(fresh);
    expectError(await redeem(fresh, 'WELCOME10'), 429, 'rate_limited');
  });
});
