import { describe, expect, it } from 'vitest';
import { normalizeIp } from '../../server/http/client';
import { BACKOFFS, COOLDOWNS, RATE_LIMITS } from '../../server/services/rate-limit';
import {
  TestClient,
  TestClock,
  createTestServer,
  expectError,
  registerCustomer,
  uniqueEmail,
  uniqueIp,
  type TestServer,
  useTestDatabase,
} from './helpers';

const db = useTestDatabase();

/** A server whose clock stands 5 minutes into a 15-minute window, so Retry-After is predictable. */
function serverAtMinute5(): TestServer {
  return createTestServer(db, { clock: new TestClock(new Date('2026-03-02T10:05:00.000Z')) });
}

describe('sign-in attempts', () => {
  const { freeFailures } = BACKOFFS.login;

  it(`allow ${freeFailures} failures per e-mail and address, then each waits twice as long as the one before`, async () => {
    const server = serverAtMinute5();
    const { email, password } = await registerCustomer(new TestClient(server));
    const ip = uniqueIp();
    for (let i = 0; i < freeFailures; i++) {
      expectError(await new TestClient(server, ip).login(email, 'wrong password 1'), 400, 'invalid_credentials');
    }
    for (const wait of [1, 2, 4]) {
      const blocked = await new TestClient(server, ip).login(email, password);
      expectError(blocked, 429, 'rate_limited');
      expect(blocked.headers.get('retry-after')).toBe(String(wait));
      server.clock.advance(wait);
      expectError(await new TestClient(server, ip).login(email, 'wrong password 1'), 400, 'invalid_credentials');
    }
    server.clock.advance(8);
    expect((await new TestClient(server, ip).login(email, password)).status).toBe(200);
    // The right password forgot the failures.
    for (let i = 0; i < freeFailures; i++) expect((await new TestClient(server, ip).login(email, 'wrong password 1')).status).toBe(400);
  });

  it('do not count successful sign-ins', async () => {
    const server = serverAtMinute5();
    const client = new TestClient(server);
    const { email, password } = await registerCustomer(client);
    for (let i = 0; i <= freeFailures + 1; i++) expect((await client.login(email, password)).status).toBe(200);
  });

  it('count unknown e-mails like known ones, so a 429 says nothing about existence', async () => {
    const server = serverAtMinute5();
    const email = uniqueEmail();
    const ip = uniqueIp();
    for (let i = 0; i < freeFailures; i++) await new TestClient(server, ip).login(email, 'whatever 1');
    expectError(await new TestClient(server, ip).login(email, 'whatever 1'), 429, 'rate_limited');
  });

  it(`allow ${RATE_LIMITS.loginPerIp.limit} failures per address across accounts`, async () => {
    const server = serverAtMinute5();
    const ip = uniqueIp();
    for (let i = 0; i < RATE_LIMITS.loginPerIp.limit; i++) {
      expectError(await new TestClient(server, ip).login(uniqueEmail(), 'guess 1'), 400, 'invalid_credentials');
    }
    expectError(await new TestClient(server, ip).login(uniqueEmail(), 'guess 1'), 429, 'rate_limited');
    expect((await new TestClient(server).login(uniqueEmail(), 'guess 1')).status).toBe(400);
  });
});

describe('code sending', () => {
  it(`allows ${RATE_LIMITS.codeSendPerAccount.limit} codes per account per hour`, async () => {
    const server = serverAtMinute5();
    const { email } = await registerCustomer(new TestClient(server));
    // Registration sent the first code; each further one waits out the per-address cooldown.
    for (let i = 1; i < RATE_LIMITS.codeSendPerAccount.limit; i++) {
      expect((await new TestClient(server).post('/auth/forgot-password', { email })).status).toBe(200);
      server.clock.advance(COOLDOWNS.codeResend.seconds);
    }
    const blocked = await new TestClient(server).post('/auth/forgot-password', { email });
    expectError(blocked, 429, 'rate_limited');
    const waited = (RATE_LIMITS.codeSendPerAccount.limit - 1) * COOLDOWNS.codeResend.seconds;
    expect(blocked.headers.get('retry-after')).toBe(String(55 * 60 - waited));
  });

  it(`allows ${RATE_LIMITS.codeSendPerIp.limit} codes per address per hour, registrations included`, async () => {
    const server = serverAtMinute5();
    const ip = uniqueIp();
    const client = new TestClient(server, ip);
    await registerCustomer(client);
    for (let i = 1; i < RATE_LIMITS.codeSendPerIp.limit; i++) {
      expect((await client.post('/auth/forgot-password', { email: uniqueEmail() })).status).toBe(200);
    }
    // Past the resend cooldown, so the refusal below is the hourly limit's.
    server.clock.advance(COOLDOWNS.codeResend.seconds);
    expectError(await client.post('/auth/verify-email/resend'), 429, 'rate_limited');
    expectError(
      await new TestClient(server, ip).post('/auth/register', {
        email: uniqueEmail(),
        password: 'password 12345',
        country: 'FR',
        acceptTerms: true,
      }),
      429,
      'rate_limited',
    );
  });
});

describe('client address', () => {
  it('comes from the socket unless a proxy is trusted; X-Forwarded-For is then ignored', async () => {
    const server = createTestServer(db, { config: { trustProxy: false } });
    const login = (socketAddress: string, forwardedFor: string) =>
      server.app.request(
        '/api/auth/login',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
          body: JSON.stringify({ email: uniqueEmail(), password: 'guess 1' }),
        },
        // What @hono/node-server passes as env; only the socket's address is read.
        { incoming: { socket: { remoteAddress: socketAddress } } } as never,
      );
    for (let i = 0; i < RATE_LIMITS.loginPerIp.limit; i++) expect((await login('198.51.100.9', uniqueIp())).status).toBe(400);
    expect((await login('198.51.100.9', uniqueIp())).status).toBe(429);
    expect((await login('198.51.100.10', uniqueIp())).status).toBe(400);
  });

  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:85a3:1:2:3:4:5', '2001:db8:85a3:1::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s is counted as %s', (ip, key) => {
    expect(normalizeIp(ip)).toBe(key);
  });
});
