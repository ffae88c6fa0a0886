import { eq } from 'drizzle-orm';
import { SignJWT, decodeJwt, exportPKCS8, generateKeyPair, importJWK, jwtVerify, type JWTPayload } from 'jose';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import type { OidcClientConfig } from '../../server/config';
import { oidcRequests, sessions, socialIdentities, users } from '../../server/db/schema';
import { silentLogger } from '../../server/logger';
import { createServices } from '../../server/services';
import { appleClientSecret, createSocialService, provisionalCountry } from '../../server/services/social';
import { LOCAL_OIDC_CLIENTS } from '../../scripts/oidc-local.mjs';
import { startStandIn, type StandIn } from '../../scripts/oidc-providers';
import {
  TestClient,
  TestClock,
  createTestDatabase,
  createTestServer,
  expectError,
  latestCode,
  registerCustomer,
  testConfig,
  uniqueEmail,
  type TestDatabase,
  type TestServer,
} from './helpers';

const APP = 'http://localhost';
const ID_TOKEN_TTL = 60;

let db: TestDatabase;
let google: StandIn;
let apple: StandIn;
let oidc: Record<'google' | 'apple', OidcClientConfig>;

/** What the test's token-endpoint interceptor does to the next ID token, if anything. */
let rewriteIdToken: ((claims: JWTPayload) => Promise<string>) | null = null;

beforeAll(async () => {
  db = await createTestDatabase();
  [google, apple] = await Promise.all([
    startStandIn({ kind: 'google', port: 0, appOrigin: APP, idTokenTtl: ID_TOKEN_TTL }),
    startStandIn({ kind: 'apple', port: 0, appOrigin: APP, idTokenTtl: ID_TOKEN_TTL }),
  ]);
  oidc = {
    google: { issuer: google.issuer, ...LOCAL_OIDC_CLIENTS.google },
    apple: { issuer: apple.issuer, ...LOCAL_OIDC_CLIENTS.apple },
  };
});
afterAll(async () => {
  await Promise.all([google?.close(), apple?.close()]);
  await db?.close();
});

/**
 * The app against the stand-ins, on a clock that starts now (the providers sign with the real time).
 * The token endpoint's answer passes through `rewriteIdToken`, so a test can swap in an ID token the
 * provider's own key signed with claims that must be refused.
 */
function appServer(): TestServer {
  const clock = new TestClock(new Date());
  const config = testConfig({ publicOrigin: APP, oidc });
  const services = createServices({ db: db.database.db, config, clock: clock.now, logger: silentLogger, transport: async () => {} });
  const intercepting: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (!rewriteIdToken || !String(input).endsWith('/token') || !response.ok) return response;
    const body = (await response.json()) as { id_token: string };
    const replaced = await rewriteIdToken(decodeJwt(body.id_token));
    rewriteIdToken = null;
    return Response.json({ ...body, id_token: replaced });
  };
  const social = createSocialService({
    ...services,
    db: db.database.db,
    config,
    clock: clock.now,
    logger: silentLogger,
    fetch: intercepting,
  });
  const app = createApp({ db: db.database.db, config, clock: clock.now, logger: silentLogger, services: { ...services, social } });
  return { app, clock, sent: [] };
}

async function signWithProviderKey(standIn: StandIn, claims: JWTPayload): Promise<string> {
  const key = await importJWK(standIn.signingKey, 'RS256');
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: standIn.signingKey.kid }).sign(key);
}

/** A browser at the provider: its own cookie jar, redirects followed by hand until they leave for the app. */
type ProviderAnswer = { kind: 'redirect'; url: URL } | { kind: 'form_post'; action: string; fields: Record<string, string> };

async function authorizeAtProvider(authorizationUrl: string, login: string | 'cancel'): Promise<ProviderAnswer> {
  const jar = new Map<string, string>();
  let request: { url: string; method: string; body?: URLSearchParams } = { url: authorizationUrl, method: 'GET' };
  for (let hop = 0; hop < 10; hop += 1) {
    const response = await fetch(request.url, {
      method: request.method,
      body: request.body,
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, request.url);
      if (next.origin === APP) return { kind: 'redirect', url: next };
      request = { url: next.href, method: 'GET' };
      continue;
    }
    const html = await response.text();
    const formPost = /<form method="post" action="([^"]+)"/.exec(html);
    if (formPost && formPost[1]!.startsWith(APP)) {
      const fields = Object.fromEntries(
        [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
      );
      return { kind: 'form_post', action: formPost[1]!, fields };
    }
    if (login === 'cancel') {
      request = { url: new URL(/href="([^"]+\/abort)"/.exec(html)![1]!, request.url).href, method: 'GET' };
    } else {
      const action = /<form[^>]*action="([^"]+)"/.exec(html)![1]!;
      request = {
        url: new URL(action, request.url).href,
        method: 'POST',
        body: new URLSearchParams({ prompt: 'login', login, password: 'any' }),
      };
    }
  }
  throw new Error('the provider never sent the browser back');
}

async function start(client: TestClient, provider: 'google' | 'apple', locale = 'en'): Promise<string> {
  const answer = await client.post('/auth/social/start', { provider, locale });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.authorizationUrl;
}

/**
 * The provider's answer delivered the way the browser would: Google's top-level GET (SameSite=Lax
 * cookies ride along); Apple's cross-site POST (none do), then the app's 303 to its own GET, which
 * is a top-level GET again and brings them.
 */
async function deliver(client: TestClient, answer: ProviderAnswer, extraFields: Record<string, string> = {}) {
  if (answer.kind === 'redirect') return rawRequest(client, 'GET', answer.url.pathname.replace(/^\/api/, '') + answer.url.search);
  const jar = new Map(client.cookies);
  client.cookies.clear();
  const posted = await rawRequest(
    client,
    'POST',
    new URL(answer.action).pathname.replace(/^\/api/, ''),
    new URLSearchParams({ ...answer.fields, ...extraFields }).toString(),
  );
  for (const [name, value] of jar) if (!client.cookies.has(name)) client.cookies.set(name, value);
  const hop = posted.location ? new URL(posted.location) : null;
  if (!hop?.pathname.startsWith('/api/')) return posted;
  return rawRequest(client, 'GET', hop.pathname.replace(/^\/api/, '') + hop.search);
}

async function rawRequest(client: TestClient, method: string, path: string, form?: string) {
  const answer = await client.request(method, path, {
    raw: form,
    headers: {
      accept: 'text/html',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
  });
  return { ...answer, location: answer.headers.get('location') };
}

/** Start → provider login → callback, as a browser does it. */
async function signInWith(client: TestClient, provider: 'google' | 'apple', email: string, locale = 'en') {
  const url = await start(client, provider, locale);
  return deliver(client, await authorizeAtProvider(url, email));
}

const stateOf = (authorizationUrl: string) => new URL(authorizationUrl).searchParams.get('state')!;
const hashOf = (state: string) => createHash('sha256').update(state).digest('base64url');

describe('starting sign-in', () => {
  it('answers the provider URL: code flow with PKCE S256, state and nonce; Apple with form_post', async () => {
    const client = new TestClient(appServer());
    const googleUrl = new URL(await start(client, 'google'));
    expect(googleUrl.origin).toBe(google.issuer);
    expect(Object.fromEntries(googleUrl.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: LOCAL_OIDC_CLIENTS.google.clientId,
      redirect_uri: `${APP}/api/auth/social/google/callback`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(googleUrl.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    expect(googleUrl.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(googleUrl.searchParams.has('response_mode')).toBe(false);

    const appleUrl = new URL(await start(client, 'apple'));
    expect(Object.fromEntries(appleUrl.searchParams)).toMatchObject({ response_mode: 'form_post', scope: 'openid email name' });

    // Only the state's hash is stored, with the verifier whose S256 the provider got.
    const state = googleUrl.searchParams.get('state')!;
    const [row] = await db.database.db
      .select()
      .from(oidcRequests)
      .where(eq(oidcRequests.stateHash, hashOf(state)));
    expect(createHash('sha256').update(row!.codeVerifier).digest('base64url')).toBe(googleUrl.searchParams.get('code_challenge'));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(10 * 60 * 1000);
  });

  it('is refused for a provider this server is not configured for', async () => {
    const client = new TestClient(createTestServer(db));
    expectError(await client.post('/auth/social/start', { provider: 'apple', locale: 'en' }), 503, 'social_provider_unavailable');
  });
});

describe('Google (query answer)', () => {
  it('creates a verified customer without a password, sets the session cookies and opens home in the start language', async () => {
    const client = new TestClient(appServer());
    const email = uniqueEmail();
    const answer = await signInWith(client, 'google', email, 'de');
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`${APP}/de`);
    expect([...client.cookies.keys()].sort()).toEqual(['auth_token', 'oidc_browser', 'refresh_token', 'session_info']);

    client.token = client.cookies.get('auth_token');
    const me = await client.get('/users/me');
    expect(me.body).toMatchObject({ email, emailVerified: true, country: provisionalCountry('de'), language: 'de' });
    const [user] = await db.database.db.select().from(users).where(eq(users.email, email));
    expect(user!.passwordHash).toBeNull();
    const [session] = await db.database.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(session).toMatchObject({ method: 'google', ip: client.ip });

    // The same Google account again: the same customer, a new session.
    const again = new TestClient(appServer());
    expect((await signInWith(again, 'google', email)).location).toBe(`${APP}/`);
    again.token = again.cookies.get('auth_token');
    expect((await again.get('/users/me')).body.id).toBe(me.body.id);
  });

  it('refuses a replayed answer: each state is good once', async () => {
    const client = new TestClient(appServer());
    const url = await start(client, 'google');
    const answer = await authorizeAtProvider(url, uniqueEmail());
    expect((await deliver(client, answer)).location).toBe(`${APP}/`);
    const replay = await deliver(new TestClient(client.server), answer);
    expect(replay.location).toBe(`${APP}/auth/google?error=social_state_invalid`);
  });

  it('refuses an answer after 10 minutes', async () => {
    const server = appServer();
    const client = new TestClient(server);
    const url = await start(client, 'google', 'fr');
    const answer = await authorizeAtProvider(url, uniqueEmail());
    server.clock.advance(10 * 60);
    expect((await deliver(client, answer)).location).toBe(`${APP}/fr/auth/google?error=social_state_expired`);
  });

  it('refuses a state made for the other provider and an unknown one', async () => {
    const client = new TestClient(appServer());
    const appleUrl = await start(client, 'apple');
    const forged = await rawRequest(client, 'GET', `/auth/social/google/callback?state=${stateOf(appleUrl)}&code=x`);
    expect(forged.location).toBe(`${APP}/auth/google?error=social_state_invalid`);
    const unknown = await rawRequest(client, 'GET', '/auth/social/google/callback?state=nothing-we-issued&code=x');
    expect(unknown.location).toBe(`${APP}/auth/google?error=social_state_invalid`);
  });

  it('tells a cancellation at the provider apart', async () => {
    const client = new TestClient(appServer());
    const answer = await authorizeAtProvider(await start(client, 'google', 'ar'), 'cancel');
    expect(answer.kind === 'redirect' && answer.url.searchParams.get('error')).toBe('access_denied');
    expect((await deliver(client, answer)).location).toBe(`${APP}/ar/auth/google?error=social_cancelled`);
    expect([...client.cookies.keys()]).toEqual(['oidc_browser']);
  });
});

describe('the ID token', () => {
  it('is refused when its nonce is not the one sent', async () => {
    const client = new TestClient(appServer());
    const url = await start(client, 'google');
    await db.database.db
      .update(oidcRequests)
      .set({ nonce: 'another-nonce' })
      .where(eq(oidcRequests.stateHash, hashOf(stateOf(url))));
    const answer = await deliver(client, await authorizeAtProvider(url, uniqueEmail()));
    expect(answer.location).toBe(`${APP}/auth/google?error=social_token_invalid`);
  });

  it('is refused once expired', async () => {
    const server = appServer();
    const client = new TestClient(server);
    const url = await start(client, 'google');
    const answer = await authorizeAtProvider(url, uniqueEmail());
    server.clock.advance(ID_TOKEN_TTL + 5);
    expect((await deliver(client, answer)).location).toBe(`${APP}/auth/google?error=social_token_invalid`);
  });

  it.each([
    ['meant for another client (audience)', (claims: JWTPayload) => ({ ...claims, aud: 'someone-else' })],
    ['from another issuer', (claims: JWTPayload) => ({ ...claims, iss: 'https://accounts.example' })],
    ['without a nonce', ({ nonce: _nonce, ...claims }: JWTPayload) => claims],
  ])('is refused when %s, even signed with the provider key', async (_case, change) => {
    const client = new TestClient(appServer());
    const url = await start(client, 'google');
    const answer = await authorizeAtProvider(url, uniqueEmail());
    rewriteIdToken = (claims) => signWithProviderKey(google, change(claims));
    expect((await deliver(client, answer)).location).toBe(`${APP}/auth/google?error=social_token_invalid`);
  });

  it('is refused when signed with a key the provider does not publish', async () => {
    const client = new TestClient(appServer());
    const answer = await authorizeAtProvider(await start(client, 'google'), uniqueEmail());
    const { privateKey } = await generateKeyPair('RS256');
    rewriteIdToken = (claims) => new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: google.signingKey.kid }).sign(privateKey);
    expect((await deliver(client, answer)).location).toBe(`${APP}/auth/google?error=social_token_invalid`);
  });
});

describe('linking to an existing customer', () => {
  /** A Google account of its own (a fresh subject) with this e-mail, verified or not. */
  async function googleAnswer(client: TestClient, email: string, emailVerified: boolean) {
    const answer = await authorizeAtProvider(await start(client, 'google'), email);
    rewriteIdToken = (claims) => signWithProviderKey(google, { ...claims, sub: uniqueEmail(), email_verified: emailVerified });
    return deliver(client, answer);
  }

  it('links when both Google and Meridian have verified the e-mail', async () => {
    const client = new TestClient(appServer());
    const answer = await googleAnswer(client, 'demo@meridian.test', true);
    expect(answer.location).toBe(`${APP}/`);
    const [demo] = await db.database.db.select().from(users).where(eq(users.email, 'demo@meridian.test'));
    const links = await db.database.db.select().from(socialIdentities).where(eq(socialIdentities.userId, demo!.id));
    expect(links).toMatchObject([{ provider: 'google', email: 'demo@meridian.test' }]);
    // The password still works: linking adds a way in, it takes none away.
    expect((await new TestClient(client.server).login('demo@meridian.test', 'MeridianDemo2026')).status).toBe(200);
  });

  it('refuses when Meridian has not verified the e-mail', async () => {
    const server = appServer();
    const { email } = await registerCustomer(new TestClient(server));
    const client = new TestClient(server);
    expect((await googleAnswer(client, email, true)).location).toBe(`${APP}/auth/google?error=social_account_exists`);
    expect([...client.cookies.keys()]).toEqual(['oidc_browser']);
  });

  it('refuses when Google has not verified the e-mail, and creates an unverified customer for a new one', async () => {
    const client = new TestClient(appServer());
    expect((await googleAnswer(client, 'demo@meridian.test', false)).location).toBe(`${APP}/auth/google?error=social_account_exists`);

    const email = uniqueEmail();
    expect((await googleAnswer(client, email, false)).location).toBe(`${APP}/`);
    client.token = client.cookies.get('auth_token');
    expect((await client.get('/users/me')).body).toMatchObject({ email, emailVerified: false });
  });

  it('refuses an ID token without an e-mail', async () => {
    const client = new TestClient(appServer());
    const answer = await authorizeAtProvider(await start(client, 'google'), uniqueEmail());
    rewriteIdToken = ({ email: _email, ...claims }) => signWithProviderKey(google, claims);
    expect((await deliver(client, answer)).location).toBe(`${APP}/auth/google?error=social_email_missing`);
  });
});

describe('a customer with a confirmed phone', () => {
  it('gets no session from Google alone: the SMS code on /2fa/phone opens it', async () => {
    const email = uniqueEmail();
    expect((await signInWith(new TestClient(appServer()), 'google', email)).location).toBe(`${APP}/`);
    const phone = `+4915${String(Date.now()).slice(-8)}`;
    await db.database.db.update(users).set({ phone, phoneConfirmedAt: new Date() }).where(eq(users.email, email));

    const client = new TestClient(appServer());
    const answer = await signInWith(client, 'google', email, 'de');
    const location = new URL(answer.location!);
    expect(`${location.origin}${location.pathname}`).toBe(`${APP}/de/2fa/phone`);
    expect(location.search).toBe('');
    expect(answer.headers.getSetCookie().join()).not.toMatch(/auth_token=[^;]/);
    const challenge = Object.fromEntries(new URLSearchParams(location.hash.slice(1)));
    expect(challenge).toMatchObject({
      challengeToken: expect.any(String),
      phoneHint: expect.stringMatching(/\d{2}$/),
      resendAfterSeconds: '60',
    });

    const verified = await client.post('/auth/2fa/phone/verify', {
      challengeToken: challenge.challengeToken,
      code: await latestCode(client, phone, 'login_two_factor'),
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const [user] = await db.database.db.select().from(users).where(eq(users.email, email));
    const opened = await db.database.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(opened.map((session) => session.method)).toEqual(['google', 'google']);
  });
});

describe('Apple (form_post answer)', () => {
  it('signs in from a cross-site form post without cookies, taking "true" as verified and the name Apple sends once', async () => {
    const client = new TestClient(appServer());
    const email = uniqueEmail();
    const url = await start(client, 'apple', 'es');
    const answer = await authorizeAtProvider(url, email);
    expect(answer.kind).toBe('form_post');
    const posted = await deliver(client, answer, { user: JSON.stringify({ name: { firstName: 'Ana', lastName: 'García' } }) });
    expect(posted.status).toBe(303);
    expect(posted.location).toBe(`${APP}/es`);
    client.token = client.cookies.get('auth_token');
    expect((await client.get('/users/me')).body).toMatchObject({ email, emailVerified: true, firstName: 'Ana', lastName: 'García' });
  });

  it('tells a cancellation at Apple apart', async () => {
    const client = new TestClient(appServer());
    const answer = await authorizeAtProvider(await start(client, 'apple'), 'cancel');
    expect((await deliver(client, answer)).location).toBe(`${APP}/auth/apple?error=social_cancelled`);
  });

  it('takes only a form body', async () => {
    const client = new TestClient(appServer());
    expectError(await client.post('/auth/social/apple/callback', { state: 'x', code: 'y' }), 415, 'unsupported_media_type');
  });
});

describe("Apple's client secret", () => {
  it('is an ES256 JWT from the team about the client for Apple, minted from the team key', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const client: OidcClientConfig = {
      issuer: 'https://appleid.apple.com',
      clientId: 'com.meridian.web',
      clientSecret: { teamId: 'TEAM123456', keyId: 'KEY1234567', privateKey: await exportPKCS8(privateKey) },
    };
    const now = new Date();
    const secret = await appleClientSecret(client, now);
    const { payload, protectedHeader } = await jwtVerify(secret, publicKey, { currentDate: now });
    expect(protectedHeader).toMatchObject({ alg: 'ES256', kid: 'KEY1234567' });
    expect(payload).toMatchObject({ iss: 'TEAM123456', sub: 'com.meridian.web', aud: 'https://appleid.apple.com' });
    expect(payload.exp! - payload.iat!).toBe(300);
  });

  it('is the configured one for a plain secret (the local stand-in)', async () => {
    expect(await appleClientSecret({ issuer: 'x', clientId: 'y', clientSecret: 'plain' }, new Date())).toBe('plain');
  });
});
