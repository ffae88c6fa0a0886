import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { biometricEnableRequestSchema, passkeyListSchema, passkeySignInOptionsSchema, signedInSchema } from '../../contract';
import { sessions, users } from '../../server/db/schema';
import { CODE_MAX_ATTEMPTS } from '../../server/services/codes';
import { SIGN_IN_CHALLENGE_SECONDS } from '../../server/services/passkeys';
import {
  TestClient,
  TestClock,
  createTestDatabase,
  createTestServer,
  expectError,
  latestCode,
  stepUp,
  registerVerifiedCustomer,
  type TestDatabase,
  type TestServer,
} from './helpers';
import { SoftAuthenticator } from './softAuthenticator';

const ICLOUD = 'fbfc3007-154e-4ecc-8c0b-6e020557d7bd';

let db: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  db = await createTestDatabase();
  // The origin the soft authenticator names by default.
  server = createTestServer(db, { config: { webauthnOrigins: ['http://localhost'] } });
});
afterAll(() => db.close());

/** Where each test customer's step-up codes go (no phone: the e-mail). */
const emails = new Map<TestClient, string>();

/** A customer right after sign-up. */
async function newCustomer(on: TestServer = server) {
  const client = new TestClient(on);
  const { email, password } = await registerVerifiedCustomer(client);
  emails.set(client, email);
  return { client, email, password };
}

async function requestEnable(client: TestClient) {
  const answer = await client.post('/validation-code/biometric/enable/request', {});
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return biometricEnableRequestSchema.parse(answer.body);
}

/** Adds a passkey after a `passkey.add` step-up (so without the biometric code) and answers the confirm. */
async function addPasskey(client: TestClient, authenticator: SoftAuthenticator, extra: Record<string, unknown> = {}) {
  await stepUp(client, 'passkey.add', emails.get(client)!);
  const request = await requestEnable(client);
  expect(request.code_required).toBe(false);
  const answer = await client.post('/validation-code/biometric/enable/confirm', {
    code_token: request.code_token,
    response: authenticator.register(request.options),
    ...extra,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

async function signInOptions(client: TestClient) {
  const answer = await client.post('/auth/passkey/options', {}, { token: null });
  expect(answer.status).toBe(200);
  return passkeySignInOptionsSchema.parse(answer.body).options;
}

describe('adding a passkey (biometric enable)', () => {
  it('offers discoverable, user-verified, attestation-free creation options with a stable random user id', async () => {
    const { client, email } = await newCustomer();
    const first = await requestEnable(client);
    expect(first.options).toMatchObject({
      rp: { id: 'localhost', name: 'Meridian' },
      user: { name: email },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      excludeCredentials: [],
    });
    const userId = Buffer.from(first.options.user.id, 'base64url');
    expect(userId.length).toBeGreaterThanOrEqual(1);
    expect(userId.length).toBeLessThanOrEqual(64);
    expect(userId.toString('utf8')).not.toContain(email);
    const second = await requestEnable(client);
    expect(second.options.user.id).toBe(first.options.user.id);
    expect(second.options.challenge).not.toBe(first.options.challenge);
  });

  it('after a passkey.add step-up the passkey alone is enough; no other code is sent, status turns enabled', async () => {
    const { client, email } = await newCustomer();
    expect((await client.get('/validation-code/status')).body).toEqual({ biometric: { enabled: false } });
    const sentBefore = server.sent.length;
    const answer = await addPasskey(client, new SoftAuthenticator(ICLOUD));
    expect(server.sent.slice(sentBefore).filter((m) => m.to === email && m.template === 'biometric_enable')).toEqual([]);
    expect(answer).toMatchObject({
      biometric: { enabled: true },
      passkey: { name: 'iCloud Keychain', provider: 'iCloud Keychain', lastUsedAt: null },
    });
    expect((await client.get('/validation-code/status')).body).toEqual({ biometric: { enabled: true } });
    const list = passkeyListSchema.parse((await client.get('/passkeys')).body);
    expect(list.passkeys).toHaveLength(1);
    expect(list.passkeys[0]).toMatchObject({ name: 'iCloud Keychain', backedUp: true });
  });

  it('keeps the name the customer gave and names unknown authenticators "Passkey"', async () => {
    const { client } = await newCustomer();
    expect((await addPasskey(client, new SoftAuthenticator(), { name: '  Work laptop ' })).passkey.name).toBe('Work laptop');
    expect((await addPasskey(client, new SoftAuthenticator())).passkey).toMatchObject({ name: 'Passkey', provider: 'Passkey' });
  });

  it("excludes the customer's passkeys and refuses registering one twice", async () => {
    const { client } = await newCustomer();
    const authenticator = new SoftAuthenticator();
    await addPasskey(client, authenticator);
    await stepUp(client, 'passkey.add', emails.get(client)!);
    const request = await requestEnable(client);
    expect(request.options.excludeCredentials?.map((c) => c.id)).toEqual([authenticator.credentials[0]!.id.toString('base64url')]);
    // An authenticator ignoring excludeCredentials answers with the same credential id.
    const again = authenticator.register(request.options, { credentialId: authenticator.credentials[0]!.id });
    const answer = await client.post('/validation-code/biometric/enable/confirm', { code_token: request.code_token, response: again });
    expectError(answer, 409, 'passkey_already_registered');
    expect((await client.get('/passkeys')).body.passkeys).toHaveLength(1);
  });

  it('a password session needs the code: refused without it, code first then the passkey', async () => {
    const { email, password } = await newCustomer();
    const client = new TestClient(server);
    expect((await client.login(email, password)).status).toBe(200);
    const request = await requestEnable(client);
    expect(request).toMatchObject({ code_required: true, code_channel: 'email' });
    const authenticator = new SoftAuthenticator();
    const response = authenticator.register(request.options);
    expectError(
      await client.post('/validation-code/biometric/enable/confirm', { code_token: request.code_token, response }),
      400,
      'code_required',
    );
    const code = await latestCode(client, email, 'biometric_enable');
    const wrong = code === '000000' ? '111111' : '000000';
    expectError(
      await client.post('/validation-code/biometric/enable/confirm', { code_token: request.code_token, code: wrong }),
      400,
      'code_invalid',
    );
    const checked = await client.post('/validation-code/biometric/enable/confirm', { code_token: request.code_token, code });
    expect(checked.body).toEqual({ biometric: { enabled: false }, passkey: null });
    const done = await client.post('/validation-code/biometric/enable/confirm', { code_token: request.code_token, response });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.biometric.enabled).toBe(true);
  });

  it('accepts code and passkey together, and the SMS goes to a confirmed phone', async () => {
    const own = createTestServer(db, { config: { webauthnOrigins: ['http://localhost'] }, clock: new TestClock() });
    const { email, password } = await newCustomer(own);
    const phone = `+4915${String(Date.now()).slice(-8)}`;
    await db.database.db
      .update(users)
      .set({ phone, phoneConfirmedAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(users.email, email));
    const client = new TestClient(own);
    const started = await client.login(email, password);
    expect(started.body.twoFactorRequired).toBe(true);
    const signedIn = await client.post('/auth/2fa/phone/verify', {
      challengeToken: started.body.challengeToken,
      code: await latestCode(client, phone, 'login_two_factor'),
    });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    client.token = signedIn.body.accessToken;
    // Signed in with password and the SMS code moments ago: still not a step-up, so the code goes by SMS.
    const request = await requestEnable(client);
    expect(request).toMatchObject({ code_required: true, code_channel: 'sms' });
    const code = await latestCode(client, phone, 'biometric_enable');
    const answer = await client.post('/validation-code/biometric/enable/confirm', {
      code_token: request.code_token,
      code,
      response: new SoftAuthenticator().register(request.options),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });

  it('the sign-up session needs the code too: a sign-in is not a step-up', async () => {
    const { client } = await newCustomer();
    expect((await requestEnable(client)).code_required).toBe(true);
  });

  it('code tokens are single use, per session and per request, and expire', async () => {
    const own = createTestServer(db, { config: { webauthnOrigins: ['http://localhost'] }, clock: new TestClock() });
    const { client } = await newCustomer(own);
    const authenticator = new SoftAuthenticator();
    await stepUp(client, 'passkey.add', emails.get(client)!);
    const request = await requestEnable(client);
    const response = authenticator.register(request.options);
    expect((await client.post('/validation-code/biometric/enable/confirm', { code_token: request.code_token, response })).status).toBe(200);
    expectError(
      await client.post('/validation-code/biometric/enable/confirm', { code_token: request.code_token, response }),
      400,
      'code_token_invalid',
    );

    // Another customer cannot use it; a newer request replaces an older one.
    const other = await newCustomer(own);
    const stale = await requestEnable(client);
    expectError(
      await other.client.post('/validation-code/biometric/enable/confirm', {
        code_token: stale.code_token,
        response: authenticator.register(stale.options),
      }),
      400,
      'code_token_invalid',
    );
    const fresh = await requestEnable(client);
    expectError(
      await client.post('/validation-code/biometric/enable/confirm', {
        code_token: stale.code_token,
        response: authenticator.register(stale.options),
      }),
      400,
      'code_token_invalid',
    );
    own.clock.advance(10 * 60 + 1);
    expectError(
      await client.post('/validation-code/biometric/enable/confirm', {
        code_token: fresh.code_token,
        response: authenticator.register(fresh.options),
      }),
      400,
      'code_token_invalid',
    );
  });

  it('refuses an answer without user verification, from another origin, or for another challenge — and spends the token', async () => {
    const { client, email } = await newCustomer();
    const authenticator = new SoftAuthenticator();
    // A refused answer leaves the grant unspent: one step-up serves the three tries.
    await stepUp(client, 'passkey.add', email);
    for (const response of [
      (options: unknown) => authenticator.register(options, { userVerified: false }),
      (options: unknown) => authenticator.register(options, { origin: 'https://evil.example' }),
      (options: unknown) => authenticator.register({ ...(options as object), challenge: 'c29tZXRoaW5nLWVsc2U' }),
    ]) {
      const request = await requestEnable(client);
      const body = { code_token: request.code_token, response: response(request.options) };
      expectError(await client.post('/validation-code/biometric/enable/confirm', body), 400, 'passkey_verification_failed');
      expectError(await client.post('/validation-code/biometric/enable/confirm', body), 400, 'code_token_invalid');
    }
    expect((await client.get('/validation-code/status')).body.biometric.enabled).toBe(false);
  });
});

describe('disable all', () => {
  it('removes every passkey with the e-mailed code; the token works once', async () => {
    const { client, email } = await newCustomer();
    await addPasskey(client, new SoftAuthenticator());
    await addPasskey(client, new SoftAuthenticator());
    const request = await client.post('/validation-code/biometric/disable-all/request', {});
    expect(request.body).toMatchObject({ code_channel: 'email' });
    const code = await latestCode(client, email, 'biometric_disable');
    const body = { code_token: request.body.code_token, code };
    expect((await client.post('/validation-code/biometric/disable-all/confirm', body)).body).toEqual({ biometric: { enabled: false } });
    expect((await client.get('/passkeys')).body.passkeys).toEqual([]);
    expectError(await client.post('/validation-code/biometric/disable-all/confirm', body), 400, 'code_token_invalid');
  });

  it('counts wrong codes: the fifth wrong try uses the code up, then even the right one is refused', async () => {
    const { client, email } = await newCustomer();
    await addPasskey(client, new SoftAuthenticator());
    const request = await client.post('/validation-code/biometric/disable-all/request', {});
    const code = await latestCode(client, email, 'biometric_disable');
    const wrong = code === '999999' ? '000000' : '999999';
    for (let attempt = 1; attempt <= CODE_MAX_ATTEMPTS; attempt += 1) {
      const answer = await client.post('/validation-code/biometric/disable-all/confirm', {
        code_token: request.body.code_token,
        code: wrong,
      });
      expectError(answer, 400, attempt === CODE_MAX_ATTEMPTS ? 'code_attempts_exceeded' : 'code_invalid');
    }
    expectError(
      await client.post('/validation-code/biometric/disable-all/confirm', { code_token: request.body.code_token, code }),
      400,
      'code_attempts_exceeded',
    );
    expect((await client.get('/validation-code/status')).body.biometric.enabled).toBe(true);
  });

  it('refuses an expired code', async () => {
    const own = createTestServer(db, { config: { webauthnOrigins: ['http://localhost'] }, clock: new TestClock() });
    const { client, email } = await newCustomer(own);
    const request = await client.post('/validation-code/biometric/disable-all/request', {});
    const code = await latestCode(client, email, 'biometric_disable');
    own.clock.advance(10 * 60);
    expectError(
      await client.post('/validation-code/biometric/disable-all/confirm', { code_token: request.body.code_token, code }),
      400,
      'code_token_invalid',
    );
  });
});

describe('signing in with a passkey', () => {
  it('verifies a discoverable-credential answer, opens a passkey session with the cookies and records the use', async () => {
    const { client, email } = await newCustomer();
    const authenticator = new SoftAuthenticator();
    await addPasskey(client, authenticator);
    const visitor = new TestClient(server);
    const options = await signInOptions(visitor);
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
    const answer = await visitor.post('/auth/passkey/verify', { response: authenticator.authenticate(options) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const signedIn = signedInSchema.parse(answer.body);
    expect(signedIn.user.email).toBe(email);
    expect([...visitor.cookies.keys()].sort()).toEqual(['auth_token', 'refresh_token', 'session_info']);
    const methods = (await db.database.db.select().from(sessions).where(eq(sessions.userId, signedIn.user.id))).map((s) => s.method);
    expect(methods).toContain('passkey');
    visitor.token = signedIn.accessToken;
    const [listed] = (await visitor.get('/passkeys')).body.passkeys;
    expect(listed.lastUsedAt).toBe(server.clock.now().toISOString());
    // A passkey sign-in moments ago is still not a step-up: adding another passkey needs one.
    expect((await requestEnable(visitor)).code_required).toBe(true);
  });

  it('refuses a challenge used twice, an expired one, and one it never issued', async () => {
    const own = createTestServer(db, { config: { webauthnOrigins: ['http://localhost'] }, clock: new TestClock() });
    const { client } = await newCustomer(own);
    const authenticator = new SoftAuthenticator();
    await addPasskey(client, authenticator);
    const visitor = new TestClient(own);
    const options = await signInOptions(visitor);
    const response = authenticator.authenticate(options);
    expect((await visitor.post('/auth/passkey/verify', { response })).status).toBe(200);
    expectError(await visitor.post('/auth/passkey/verify', { response }), 400, 'passkey_challenge_invalid');
    const late = await signInOptions(visitor);
    own.clock.advance(SIGN_IN_CHALLENGE_SECONDS);
    expectError(
      await visitor.post('/auth/passkey/verify', { response: authenticator.authenticate(late) }),
      400,
      'passkey_challenge_invalid',
    );
    expectError(
      await visitor.post('/auth/passkey/verify', { response: authenticator.authenticate({ ...late, challenge: 'bm90LWlzc3VlZA' }) }),
      400,
      'passkey_challenge_invalid',
    );
  });

  it('moves the counter forward and refuses a repeated or lower counter (a cloned authenticator)', async () => {
    const { client } = await newCustomer();
    const authenticator = new SoftAuthenticator();
    await addPasskey(client, authenticator);
    const visitor = new TestClient(server);
    expect(
      (await visitor.post('/auth/passkey/verify', { response: authenticator.authenticate(await signInOptions(visitor)) })).status,
    ).toBe(200);
    const current = authenticator.credentials[0]!.counter;
    expectError(
      await visitor.post('/auth/passkey/verify', {
        response: authenticator.authenticate(await signInOptions(visitor), { counter: current }),
      }),
      400,
      'passkey_verification_failed',
    );
    expect(
      (await visitor.post('/auth/passkey/verify', { response: authenticator.authenticate(await signInOptions(visitor)) })).status,
    ).toBe(200);
  });

  it('accepts authenticators that do not count (counter stays 0)', async () => {
    const { client } = await newCustomer();
    const synced = new SoftAuthenticator(undefined, false);
    await addPasskey(client, synced);
    const visitor = new TestClient(server);
    for (let i = 0; i < 2; i += 1) {
      expect((await visitor.post('/auth/passkey/verify', { response: synced.authenticate(await signInOptions(visitor)) })).status).toBe(
        200,
      );
    }
  });

  it('refuses an answer without user verification, from another origin, or with a bad signature', async () => {
    const { client } = await newCustomer();
    const authenticator = new SoftAuthenticator();
    await addPasskey(client, authenticator);
    const visitor = new TestClient(server);
    const noUv = authenticator.authenticate(await signInOptions(visitor), { userVerified: false });
    expectError(await visitor.post('/auth/passkey/verify', { response: noUv }), 400, 'passkey_verification_failed');
    const elsewhere = authenticator.authenticate(await signInOptions(visitor), { origin: 'https://evil.example' });
    expectError(await visitor.post('/auth/passkey/verify', { response: elsewhere }), 400, 'passkey_verification_failed');
    const forged = authenticator.authenticate(await signInOptions(visitor));
    forged.response.signature = Buffer.from('not a signature').toString('base64url');
    expectError(await visitor.post('/auth/passkey/verify', { response: forged }), 400, 'passkey_verification_failed');
    expect(visitor.cookies.size).toBe(0);
  });

  it('answers passkey_unknown for a removed passkey', async () => {
    const { client, email } = await newCustomer();
    const authenticator = new SoftAuthenticator();
    const { passkey } = await addPasskey(client, authenticator);
    await stepUp(client, 'passkey.remove', email);
    expect((await client.request('DELETE', `/passkeys/${passkey.id}`)).body).toEqual({ biometric: { enabled: false } });
    const visitor = new TestClient(server);
    expectError(
      await visitor.post('/auth/passkey/verify', { response: authenticator.authenticate(await signInOptions(visitor)) }),
      400,
      'passkey_unknown',
    );
  });
});

describe('managing passkeys', () => {
  it("renames and removes only the customer's own passkeys", async () => {
    const { client } = await newCustomer();
    const { passkey } = await addPasskey(client, new SoftAuthenticator());
    const renamed = await client.request('PATCH', `/passkeys/${passkey.id}`, { body: { name: ' Phone ' } });
    expect(renamed.body).toMatchObject({ id: passkey.id, name: 'Phone' });
    expectError(await client.request('PATCH', `/passkeys/${passkey.id}`, { body: { name: '' } }), 422, 'validation_failed', ['name']);
    const other = await newCustomer();
    expectError(await other.client.request('PATCH', `/passkeys/${passkey.id}`, { body: { name: 'Mine' } }), 404, 'passkey_not_found');
    expectError(await other.client.request('DELETE', `/passkeys/${passkey.id}`), 403, 'step_up_required');
    await stepUp(other.client, 'passkey.remove', other.email);
    expectError(await other.client.request('DELETE', `/passkeys/${passkey.id}`), 404, 'passkey_not_found');
    expect((await client.get('/passkeys')).body.passkeys[0].name).toBe('Phone');
  });

  it('needs a session for every management endpoint', async () => {
    const anonymous = new TestClient(server);
    expectError(await anonymous.get('/validation-code/status'), 401, 'unauthorized');
    expectError(await anonymous.post('/validation-code/biometric/enable/request', {}), 401, 'unauthorized');
    expectError(await anonymous.get('/passkeys'), 401, 'unauthorized');
  });
});
