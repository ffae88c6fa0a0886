import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/locales';
import { signUpWithExistingEmailNotice } from '../../server/services/notices';
import { RATE_LIMITS } from '../../server/services/rate-limit';
import { DEFAULT_PASSWORD, TestClient, expectError, registerCustomer, uniqueEmail, uniqueIp, useTestServer } from '../server/helpers';

// Issue 10, item 14: "this e-mail already has an account" stays (the sign-up flow needs it), but it
// is slowed per IP, the owner hears of it, and the risk is written down.

const { db, server } = useTestServer();

const signUp = (client: TestClient, email: string) =>
  client.post('/auth/register', { email, password: DEFAULT_PASSWORD, country: 'FR', acceptTerms: true });

describe('sign-up with an e-mail that has an account', () => {
  it('answers email_taken, writes nothing else, and e-mails the owner in their language, without a code', async () => {
    const { email } = await registerCustomer(new TestClient(server), { language: 'fr' });
    const before = server.sent.length;
    const counts = await db.counts();
    expectError(await signUp(new TestClient(server), email), 409, 'email_taken');
    expect(server.sent.slice(before)).toEqual([signUpWithExistingEmailNotice(email, 'fr')]);
    expect(server.sent.at(-1)!.body).not.toMatch(/\d{6}/);
    const after = await db.counts();
    // Only the rate-limit counters and the owner's notice changed.
    expect({ ...after, rate_limit_counters: 0, outbox: 0 }).toEqual({ ...counts, rate_limit_counters: 0, outbox: 0 });
    expect(after.outbox).toBe(counts.outbox! + 1);
  });

  it(`is limited per IP (${RATE_LIMITS.codeSendPerIp.limit} an hour) before the answer tells anything`, async () => {
    const { email: taken } = await registerCustomer(new TestClient(server));
    const ip = uniqueIp();
    for (let i = 0; i < RATE_LIMITS.codeSendPerIp.limit; i++)
      expect((await signUp(new TestClient(server, ip), uniqueEmail())).status).toBe(201);
    const before = server.sent.length;
    const blocked = await signUp(new TestClient(server, ip), taken);
    expectError(blocked, 429, 'rate_limited');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(server.sent.length).toBe(before);
  });

  it('has the notice in all eight languages, and the accepted risk in docs/security.md', () => {
    const bodies = new Set(LOCALES.map((locale) => signUpWithExistingEmailNotice('a@example.test', locale).body));
    expect(bodies.size).toBe(LOCALES.length);
    expect(readFileSync(new URL('../../docs/security.md', import.meta.url), 'utf8')).toMatch(/### 14\. .*\n[\s\S]*email_taken/);
  });
});
