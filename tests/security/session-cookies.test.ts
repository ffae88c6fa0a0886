import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { endpoints } from '../../contract/endpoints';
import {
  createTestDatabase,
  createTestServer,
  DEFAULT_PASSWORD,
  expectError,
  registerCustomer,
  TestClient,
  type Answer,
  type TestDatabase,
  type TestServer,
} from '../server/helpers';

/**
 * Issue 10, item 5: the refresh token lives only in an HttpOnly, SameSite=Strict cookie for /api/auth
 * (Secure on an https origin), never in a JSON body either way; a readable marker without a secret
 * stands for it, and everything is cleared together.
 */
let db: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  db = await createTestDatabase();
  server = createTestServer(db);
});
afterAll(() => db.close());

/** Every key an answer schema allows, however deep (objects, unions, arrays, optionals, pipes). */
function keysOf(schema: z.ZodType, seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  const inner = (value: unknown) => (value && typeof value === 'object' && '_zod' in value ? keysOf(value as z.ZodType, seen) : []);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, value]) => [key, ...keysOf(value, seen)]);
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => keysOf(option, seen));
    case 'intersection':
      return [...inner(def.left), ...inner(def.right)];
    case 'pipe':
      return [...inner(def.in), ...inner(def.out)];
    case 'array':
      return inner(def.element);
    case 'record':
      return inner(def.valueType);
    default:
      return inner(def.innerType);
  }
}

/** The three session cookies an answer set, by name, with their attributes lower-cased. */
function setCookies(answer: Answer): Record<string, { value: string; attributes: string[] }> {
  return Object.fromEntries(
    answer.headers.getSetCookie().map((line) => {
      const [pair = '', ...attributes] = line.split(/;\s*/);
      const [name = '', value = ''] = pair.split('=');
      return [name, { value, attributes: attributes.map((attribute) => attribute.toLowerCase()).sort() }];
    }),
  );
}

function expectNoRefreshToken(answer: Answer, refreshToken: string | undefined): void {
  const text = JSON.stringify(answer.body ?? null);
  expect(text).not.toMatch(/refresh_?token/i);
  if (refreshToken) expect(text).not.toContain(refreshToken);
}

describe('the refresh token is never in a JSON answer', () => {
  it('no answer schema of the contract has a place for it (sign-ins of every kind, 2FA, passkey, refresh)', () => {
    for (const [name, spec] of Object.entries(endpoints)) {
      const keys = keysOf(spec.answer);
      expect(
        keys.filter((key) => /refresh/i.test(key)),
        name,
      ).toEqual([]);
    }
    // The check reaches the sign-in answers at all.
    expect(keysOf(endpoints.verifyTwoFactor.answer)).toContain('accessToken');
    expect(keysOf(endpoints.passkeySignIn.answer)).toContain('sessionExpiresAt');
  });

  it('register, login and refresh set it in the cookie and leave it out of the body', async () => {
    const client = new TestClient(server);
    const { email, answer: registered } = await registerCustomer(client);
    expectNoRefreshToken(registered, client.cookies.get('refresh_token'));

    const laptop = new TestClient(server);
    const login = await laptop.login(email, DEFAULT_PASSWORD);
    expect(login.status).toBe(200);
    expectNoRefreshToken(login, laptop.cookies.get('refresh_token'));

    const refreshed = await laptop.post('/auth/refresh', {});
    expect(refreshed.status).toBe(200);
    expect(setCookies(refreshed).refresh_token?.value).toMatch(/^[\w-]{43}$/);
    expectNoRefreshToken(refreshed, laptop.cookies.get('refresh_token'));
  });
});

describe('a refresh token in a request body', () => {
  it('is refused by /auth/refresh, with or without the cookie, and rotates nothing', async () => {
    const client = new TestClient(server);
    await registerCustomer(client);
    const refreshToken = client.cookies.get('refresh_token')!;
    expectError(await client.post('/auth/refresh', { refreshToken }), 422, 'validation_failed', ['refreshToken']);
    const cookieless = new TestClient(server);
    expectError(await cookieless.post('/auth/refresh', { refreshToken }), 422, 'validation_failed', ['refreshToken']);
    expect(cookieless.cookies.size).toBe(0);
    // The cookie's token was not spent: it still renews.
    expect(client.cookies.get('refresh_token')).toBe(refreshToken);
    expect((await client.post('/auth/refresh', {})).status).toBe(200);
  });

  it('is refused by /auth/logout, which then ends nothing', async () => {
    const client = new TestClient(server);
    await registerCustomer(client);
    const refreshToken = client.cookies.get('refresh_token')!;
    expectError(await new TestClient(server).post('/auth/logout', { refreshToken }, { token: null }), 422, 'validation_failed', [
      'refreshToken',
    ]);
    expect((await client.get('/users/me')).status).toBe(200);
  });
});

describe('cookie attributes', () => {
  it('the refresh token: HttpOnly, SameSite=Strict, Path=/api/auth; the access token and the marker readable', async () => {
    const client = new TestClient(server);
    const { answer } = await registerCustomer(client);
    const cookies = setCookies(answer);
    expect(Object.keys(cookies).sort()).toEqual(['auth_token', 'refresh_token', 'session_info']);
    expect(cookies.refresh_token!.attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=strict', 'path=/api/auth']));
    expect(cookies.refresh_token!.attributes).not.toContain('secure');
    for (const name of ['auth_token', 'session_info']) {
      expect(cookies[name]!.attributes, name).not.toContain('httponly');
      expect(cookies[name]!.attributes, name).toContain('path=/');
    }
    expect(cookies.auth_token!.value).toBe(answer.body.accessToken);
  });

  it('the marker holds no secret: only the session’s end and its idle limit', async () => {
    const client = new TestClient(server);
    const { answer } = await registerCustomer(client);
    const marker = setCookies(answer).session_info!.value;
    expect(marker).toBe(`${Date.parse(answer.body.sessionExpiresAt) / 1000}.${answer.body.idleTimeoutSeconds}`);
  });

  it.each([
    ['the public origin is https, even behind a proxy that speaks http', { publicOrigin: 'https://bank.example', trustProxy: false }],
    ['COOKIE_SECURE is set', { cookieSecure: true }],
  ])('all are Secure when %s', async (_case, config) => {
    const client = new TestClient(createTestServer(db, { config }));
    const origin = 'publicOrigin' in config ? { origin: config.publicOrigin } : {};
    const answer = await client.post(
      '/auth/register',
      { email: `secure-${Math.random()}@example.test`, password: DEFAULT_PASSWORD, country: 'FR', acceptTerms: true },
      { headers: origin.origin ? { origin: origin.origin } : {} },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    for (const [name, cookie] of Object.entries(setCookies(answer))) expect(cookie.attributes, name).toContain('secure');
  });
});

describe('ending a session clears all three cookies, each with its own path', () => {
  const cleared = (answer: Answer) =>
    Object.fromEntries(
      Object.entries(setCookies(answer)).map(([name, cookie]) => [
        name,
        cookie.value === '' && cookie.attributes.includes('max-age=0') ? cookie.attributes.find((a) => a.startsWith('path=')) : 'kept',
      ]),
    );

  it('logout', async () => {
    const client = new TestClient(server);
    await registerCustomer(client);
    const answer = await client.post('/auth/logout', {});
    expect(answer.status).toBe(200);
    expect(cleared(answer)).toEqual({ auth_token: 'path=/', refresh_token: 'path=/api/auth', session_info: 'path=/' });
    expect(client.cookies.size).toBe(0);
  });

  it('a refused refresh (the session was revoked)', async () => {
    const client = new TestClient(server);
    await registerCustomer(client);
    const refreshToken = client.cookies.get('refresh_token')!;
    await client.post('/auth/logout', {});
    client.cookies.set('refresh_token', refreshToken);
    const answer = await client.post('/auth/refresh', {});
    expectError(answer, 401, 'refresh_token_invalid');
    expect(cleared(answer)).toEqual({ auth_token: 'path=/', refresh_token: 'path=/api/auth', session_info: 'path=/' });
  });
});
