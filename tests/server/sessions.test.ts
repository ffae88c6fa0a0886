import { SignJWT, decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { sessionTokensSchema } from '../../contract/auth';
import { DEFAULT_SESSION_LIFETIME } from '../../server/config';
import { ACCESS_TOKEN_SECONDS, REFRESH_REUSE_GRACE_SECONDS } from '../../server/services/tokens';
import {
  TestClient,
  createTestServer,
  expectError,
  refreshCookieOf,
  refreshWithCookie,
  registerCustomer,
  testConfig,
  useTestServer,
} from './helpers';

const { db, server } = useTestServer();

/** A signed-in customer on a server of its own, so the test can move the clock. */
async function signedInWithClock() {
  const local = createTestServer(db);
  const client = new TestClient(local);
  const registered = await registerCustomer(client);
  return {
    local,
    client,
    tokens: sessionTokensSchema.parse(registered.answer.body),
    refreshToken: refreshCookieOf(registered.answer)!,
  };
}

describe('access tokens', () => {
  it('carry the customer and the session, and expire after 15 minutes', async () => {
    const { local, client, tokens } = await signedInWithClock();
    const claims = decodeJwt(tokens.accessToken);
    expect(claims).toMatchObject({ sub: expect.any(String), sid: expect.any(String), iss: 'meridian', aud: 'meridian-api' });
    expect(claims.exp! - claims.iat!).toBe(ACCESS_TOKEN_SECONDS);
    expect(Date.parse(tokens.accessTokenExpiresAt)).toBe(claims.exp! * 1000);

    local.clock.advance(ACCESS_TOKEN_SECONDS - 1);
    expect((await client.get('/users/me')).status).toBe(200);
    local.clock.advance(1);
    expectError(await client.get('/users/me'), 401, 'unauthorized');

    // The app's answer to that 401: one refresh with the cookie, then carry on.
    const refreshed = await client.post('/auth/refresh', {});
    expect(refreshed.status).toBe(200);
    client.token = refreshed.body.accessToken;
    expect((await client.get('/users/me')).status).toBe(200);
  });

  it.each([
    ['no header', undefined],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['a malformed token', 'Bearer not-a-jwt'],
    ['a token signed with another key', 'forged'],
    ['an unsigned token (alg none)', 'none'],
  ])('are refused with 401 when the request has %s', async (_case, header) => {
    const client = new TestClient(server);
    await registerCustomer(client);
    const claims = decodeJwt(client.token!);
    let authorization = header;
    if (header === 'forged') {
      authorization = `Bearer ${await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('x'.repeat(40)))}`;
    } else if (header === 'none') {
      const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      authorization = `Bearer ${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
    }
    const answer = await client.get('/users/me', { token: null, headers: authorization ? { authorization } : {} });
    expectError(answer, 401, 'unauthorized');
  });

  it('of one deployment are not accepted by a server with another secret', async () => {
    const client = new TestClient(server);
    await registerCustomer(client);
    const other = createTestServer(db, { config: { authSecret: new TextEncoder().encode('another-secret-another-secret-0123456789') } });
    expectError(await new TestClient(other).get('/users/me', { token: client.token! }), 401, 'unauthorized');
  });
});

describe('refresh', () => {
  it('rotates: new tokens and cookies, the old refresh token is spent, the session and its end stay the same', async () => {
    const { local, client, tokens, refreshToken } = await signedInWithClock();
    local.clock.advance(60);
    const answer = await client.post('/auth/refresh', {});
    expect(answer.status).toBe(200);
    const fresh = sessionTokensSchema.parse(answer.body);
    expect(client.cookies.get('refresh_token')).not.toBe(refreshToken);
    expect(fresh.accessToken).not.toBe(tokens.accessToken);
    expect(decodeJwt(fresh.accessToken).sid).toBe(decodeJwt(tokens.accessToken).sid);
    // Rotating does not push the absolute end.
    expect(fresh.sessionExpiresAt).toBe(tokens.sessionExpiresAt);
    expect(client.cookies.get('auth_token')).toBe(fresh.accessToken);
    expectError(await refreshWithCookie(local, refreshToken), 409, 'refresh_conflict');
  });

  it('answers 409 refresh_conflict (session intact) to the loser of two near-simultaneous refreshes', async () => {
    const { local, refreshToken } = await signedInWithClock();
    const first = await refreshWithCookie(local, refreshToken);
    local.clock.advance(REFRESH_REUSE_GRACE_SECONDS);
    expectError(await refreshWithCookie(local, refreshToken), 409, 'refresh_conflict');
    expect((await new TestClient(local).get('/users/me', { token: first.body.accessToken })).status).toBe(200);
    expect((await refreshWithCookie(local, refreshCookieOf(first)!)).status).toBe(200);
  });

  it('detects reuse of a rotated token: the whole family is revoked, its access tokens too', async () => {
    const { local, client, refreshToken } = await signedInWithClock();
    const rotated = await refreshWithCookie(local, refreshToken);
    const newest = await refreshWithCookie(local, refreshCookieOf(rotated)!);
    expect(newest.status).toBe(200);

    local.clock.advance(REFRESH_REUSE_GRACE_SECONDS + 1);
    // A thief replays the first token.
    const thief = new TestClient(local);
    thief.cookies.set('refresh_token', refreshToken);
    expectError(await thief.post('/auth/refresh', {}), 401, 'refresh_token_reused');
    expect(thief.cookies.size).toBe(0);

    expectError(await client.get('/users/me', { token: newest.body.accessToken }), 401, 'unauthorized');
    expectError(await refreshWithCookie(local, refreshCookieOf(newest)!), 401, 'refresh_token_invalid');
  });

  it('refuses an unknown, a missing and an expired refresh token', async () => {
    const { local, client } = await signedInWithClock();
    expectError(await new TestClient(local).post('/auth/refresh', {}), 401, 'refresh_token_invalid');
    expectError(await refreshWithCookie(local, 'x'.repeat(43)), 401, 'refresh_token_invalid');
    local.clock.advance(DEFAULT_SESSION_LIFETIME.absoluteSeconds);
    expect((await client.post('/auth/refresh', {})).status).toBe(401);
  });

  it('refuses a refresh token in the body, even next to a valid cookie: nothing is rotated', async () => {
    const { client, refreshToken } = await signedInWithClock();
    expectError(await client.post('/auth/refresh', { refreshToken }), 422, 'validation_failed', ['refreshToken']);
    expect(client.cookies.get('refresh_token')).toBe(refreshToken);
    expect((await client.post('/auth/refresh', {})).status).toBe(200);
  });
});

describe('session cookies', () => {
  function cookieAttributes(setCookie: string[]) {
    return Object.fromEntries(
      setCookie.map((cookie) => {
        const [pair = '', ...attributes] = cookie.split('; ');
        return [pair.split('=')[0], attributes.map((attribute) => attribute.toLowerCase()).sort()];
      }),
    );
  }

  it('live as long as the session; the refresh token HttpOnly, Strict, for /api/auth only; not Secure over http', async () => {
    const answer = await new TestClient(server).post('/auth/register', {
      email: `cookie-${Date.now()}@example.test`,
      password: 'violet monster 1234',
      country: 'FR',
      acceptTerms: true,
    });
    const readable = [`max-age=${DEFAULT_SESSION_LIFETIME.absoluteSeconds}`, 'path=/', 'samesite=lax'];
    expect(cookieAttributes(answer.headers.getSetCookie())).toEqual({
      auth_token: readable,
      refresh_token: ['httponly', `max-age=${DEFAULT_SESSION_LIFETIME.absoluteSeconds}`, 'path=/api/auth', 'samesite=strict'],
      session_info: readable,
    });
  });

  it.each([
    ['the request is https', {}, { origin: 'https://meridian.example' }],
    ['COOKIE_SECURE is set', { cookieSecure: true }, {}],
    ['the trusted proxy says https', {}, { headers: { 'x-forwarded-proto': 'https' } }],
  ])('are Secure when %s', async (_case, config, requestOptions) => {
    const local = createTestServer(db, { config });
    const client = new TestClient(local);
    const answer = await client.post(
      '/auth/register',
      { email: `secure-${Math.random()}@example.test`, password: 'violet cookie 1234', country: 'FR', acceptTerms: true },
      requestOptions,
    );
    expect(answer.status).toBe(201);
    for (const cookie of answer.headers.getSetCookie()) expect(cookie).toMatch(/; Secure/);
  });

  it('ignore X-Forwarded-Proto when no proxy is trusted', async () => {
    const local = createTestServer(db, { config: { ...testConfig(), trustProxy: false } });
    const answer = await new TestClient(local).post(
      '/auth/register',
      { email: `proxy-${Math.random()}@example.test`, password: 'violet cookie 1234', country: 'FR', acceptTerms: true },
      { headers: { 'x-forwarded-proto': 'https' } },
    );
    for (const cookie of answer.headers.getSetCookie()) expect(cookie).not.toMatch(/Secure/);
  });
});
