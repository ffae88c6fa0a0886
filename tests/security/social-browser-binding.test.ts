import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_OIDC_CLIENTS } from '../../scripts/oidc-local.mjs';
import { startStandIn, type StandIn } from '../../scripts/oidc-providers';
import { TestClient, createTestDatabase, createTestServer, type TestDatabase, type TestServer } from '../server/helpers';

// Issue 10, item 9: a Google or Apple sign-in finishes only in the browser that started it. Without
// that, an attacker starts a sign-in with their own provider account and makes the victim's browser
// finish it (login CSRF: the victim then works in the attacker's account), or replays a leaked answer.

const APP = 'http://localhost';
let db: TestDatabase;
let google: StandIn;
let apple: StandIn;
let server: TestServer;

beforeAll(async () => {
  db = await createTestDatabase();
  [google, apple] = await Promise.all([
    startStandIn({ kind: 'google', port: 0, appOrigin: APP, idTokenTtl: 60 }),
    startStandIn({ kind: 'apple', port: 0, appOrigin: APP, idTokenTtl: 60 }),
  ]);
  server = createTestServer(db, {
    config: {
      publicOrigin: APP,
      oidc: {
        google: { issuer: google.issuer, ...LOCAL_OIDC_CLIENTS.google },
        apple: { issuer: apple.issuer, ...LOCAL_OIDC_CLIENTS.apple },
      },
    },
  });
});
afterAll(async () => {
  await Promise.all([google?.close(), apple?.close()]);
  await db?.close();
});

async function start(client: TestClient, provider: 'google' | 'apple'): Promise<string> {
  const answer = await client.post('/auth/social/start', { provider, locale: 'en' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return new URL(answer.body.authorizationUrl).searchParams.get('state')!;
}

const location = (answer: { headers: Headers }) => answer.headers.get('location');
const html = { accept: 'text/html' };

describe('the sign-in start', () => {
  it('sets an HttpOnly, SameSite=Lax binding cookie scoped to the social paths, and keeps it for a second start', async () => {
    const client = new TestClient(server);
    const answer = await client.post('/auth/social/start', { provider: 'google', locale: 'en' });
    const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('oidc_browser='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/api\/auth\/social/);
    const first = client.cookies.get('oidc_browser');
    await start(client, 'apple');
    expect(client.cookies.get('oidc_browser')).toBe(first);
  });
});

describe('a Google callback', () => {
  it('finished in another browser (no cookie, or its own) is refused with social_browser_mismatch', async () => {
    const victim = new TestClient(server);
    const attacker = new TestClient(server);
    await start(victim, 'google');
    // The attacker's own sign-in, whose answer the victim's browser is made to open.
    const state = await start(attacker, 'google');
    const answer = await victim.get(`/auth/social/google/callback?state=${state}&code=attacker-code`, { headers: html });
    expect(answer.status).toBe(303);
    expect(location(answer)).toBe(`${APP}/auth/google?error=social_browser_mismatch`);
    expect(victim.cookies.has('auth_token')).toBe(false);

    const bare = new TestClient(server);
    const other = await start(attacker, 'google');
    const noCookie = await bare.get(`/auth/social/google/callback?state=${other}&code=attacker-code`, { headers: html });
    expect(location(noCookie)).toBe(`${APP}/auth/google?error=social_browser_mismatch`);
  });

  it('in the browser that started it gets past the binding (a made-up code then fails at the provider)', async () => {
    const client = new TestClient(server);
    const state = await start(client, 'google');
    const answer = await client.get(`/auth/social/google/callback?state=${state}&code=made-up`, { headers: html });
    expect(location(answer)).toBe(`${APP}/auth/google?error=social_provider_error`);
  });
});

describe('an Apple callback', () => {
  const post = (client: TestClient, form: Record<string, string>) =>
    client.request('POST', '/auth/social/apple/callback', {
      raw: new URLSearchParams(form).toString(),
      headers: { ...html, 'content-type': 'application/x-www-form-urlencoded' },
    });

  it('hops from the cross-site POST to a same-site GET that carries only the state', async () => {
    const client = new TestClient(server);
    const state = await start(client, 'apple');
    const jar = new Map(client.cookies);
    client.cookies.clear();
    const posted = await post(client, { state, code: 'apple-code' });
    expect(posted.status).toBe(303);
    expect(location(posted)).toBe(`${APP}/api/auth/social/apple/callback?state=${state}`);
    // Answered once: a second post of the same state is refused at once.
    expect(location(await post(client, { state, code: 'again' }))).toBe(`${APP}/auth/apple?error=social_state_invalid`);
    for (const [name, value] of jar) client.cookies.set(name, value);
    const finished = await client.get(`/auth/social/apple/callback?state=${state}`, { headers: html });
    expect(location(finished)).toBe(`${APP}/auth/apple?error=social_provider_error`);
  });

  it('finished in another browser is refused with social_browser_mismatch', async () => {
    const attacker = new TestClient(server);
    const victim = new TestClient(server);
    await start(victim, 'apple');
    const state = await start(attacker, 'apple');
    const posted = await post(victim, { state, code: 'attacker-code' });
    const hop = new URL(location(posted)!);
    const answer = await victim.get(hop.pathname.replace(/^\/api/, '') + hop.search, { headers: html });
    expect(location(answer)).toBe(`${APP}/auth/apple?error=social_browser_mismatch`);
    expect(victim.cookies.has('auth_token')).toBe(false);
  });

  it('cannot be finished by the GET alone, without the posted answer', async () => {
    const client = new TestClient(server);
    const state = await start(client, 'apple');
    const answer = await client.get(`/auth/social/apple/callback?state=${state}`, { headers: html });
    expect(location(answer)).toBe(`${APP}/auth/apple?error=social_state_invalid`);
  });
});
