import { describe, expect, it } from 'vitest';
import { biometricEnableRequestSchema, passkeySignInOptionsSchema } from '../../contract';
import { BACKOFFS, RATE_LIMITS } from '../../server/services/rate-limit';
import {
  TestClient,
  TestClock,
  createTestServer,
  expectError,
  latestCode,
  registerCustomer,
  registerVerifiedCustomer,
  uniqueEmail,
  uniqueIp,
  type TestServer,
  useTestDatabase,
  stepUp,
} from '../server/helpers';
import { SoftAuthenticator } from '../server/softAuthenticator';

// Issue 10, item 10: wrong passwords must not let a stranger lock a customer out.

const db = useTestDatabase();

const newServer = (): TestServer =>
  createTestServer(db, { clock: new TestClock(new Date('2026-03-02T10:05:00.000Z')), config: { webauthnOrigins: ['http://localhost'] } });

describe('wrong passwords', () => {
  it('from strangers, however many and from wherever, never block the customer signing in from home', async () => {
    const server = newServer();
    const { email, password } = await registerCustomer(new TestClient(server));
    const home = uniqueIp();
    const attacker = uniqueIp();
    for (let i = 0; i < 10; i++) await new TestClient(server, attacker).login(email, 'guess number 1');
    for (let i = 0; i < 10; i++) await new TestClient(server).login(email, 'guess number 2');
    expect((await new TestClient(server, home).login(email, password)).status).toBe(200);
  });

  it('slow the guesser down with growing waits per e-mail and address', async () => {
    const server = newServer();
    const { email } = await registerCustomer(new TestClient(server));
    const attacker = uniqueIp();
    const waits: number[] = [];
    for (let i = 0; i < BACKOFFS.login.freeFailures + 4; i++) {
      const answer = await new TestClient(server, attacker).login(email, 'guess number 3');
      if (answer.status === 429) {
        const wait = Number(answer.headers.get('retry-after'));
        waits.push(wait);
        server.clock.advance(wait);
      }
    }
    expect(waits.length).toBeGreaterThan(1);
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThan(waits[i - 1]!);
  });

  it(`are capped per address across e-mails (${RATE_LIMITS.loginPerIp.limit})`, async () => {
    const server = newServer();
    const ip = uniqueIp();
    for (let i = 0; i < RATE_LIMITS.loginPerIp.limit; i++) {
      expectError(await new TestClient(server, ip).login(uniqueEmail(), 'guess number 4'), 400, 'invalid_credentials');
    }
    const blocked = await new TestClient(server, ip).login(uniqueEmail(), 'guess number 4');
    expectError(blocked, 429, 'rate_limited');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('block neither passkey sign-in nor a password reset, even from the throttled address', async () => {
    const server = newServer();
    const owner = new TestClient(server);
    const { email } = await registerVerifiedCustomer(owner);
    const authenticator = new SoftAuthenticator();
    await stepUp(owner, 'passkey.add', email);
    const request = biometricEnableRequestSchema.parse((await owner.post('/validation-code/biometric/enable/request', {})).body);
    const added = await owner.post('/validation-code/biometric/enable/confirm', {
      code_token: request.code_token,
      response: authenticator.register(request.options),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);

    const shared = uniqueIp();
    for (let i = 0; i <= RATE_LIMITS.loginPerIp.limit; i++) await new TestClient(server, shared).login(email, 'guess number 5');
    expectError(await new TestClient(server, shared).login(email, 'guess number 5'), 429, 'rate_limited');

    const visitor = new TestClient(server, shared);
    const options = passkeySignInOptionsSchema.parse((await visitor.post('/auth/passkey/options', {}, { token: null })).body).options;
    const passkey = await visitor.post('/auth/passkey/verify', { response: authenticator.authenticate(options) });
    expect(passkey.status, JSON.stringify(passkey.body)).toBe(200);

    expect((await visitor.post('/auth/forgot-password', { email })).status).toBe(200);
    const code = await latestCode(visitor, email, 'reset_password');
    const reset = await visitor.post('/auth/reset-password', { email, code, password: 'a fresh password 6' });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
  });
});
