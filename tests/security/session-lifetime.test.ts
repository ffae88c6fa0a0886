import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SESSION_LIFETIME, loadConfig, type SessionLifetime } from '../../server/config';
import { LAST_ACTIVE_RESOLUTION_SECONDS } from '../../server/services/tokens';
import {
  createTestDatabase,
  createTestServer,
  expectError,
  registerCustomer,
  TestClient,
  TestClock,
  type TestDatabase,
} from '../server/helpers';

/**
 * Issue 10, item 6: the server ends a session after 15 minutes without a request the customer made
 * (polling does not count) and 30 days after sign-in whatever happens, both configurable; an idle
 * session answers 401 `session_idle`, its refresh included.
 */
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

const MINUTE = 60;
const SECRET = 's'.repeat(32);
const IDLE = DEFAULT_SESSION_LIFETIME.idleSeconds;

/** A customer signed in on a server of its own clock (and lifetimes). */
async function signedIn(session: SessionLifetime = DEFAULT_SESSION_LIFETIME) {
  const clock = new TestClock();
  const server = createTestServer(db, { clock, config: { session } });
  const client = new TestClient(server);
  await registerCustomer(client);
  /** Renews the access token (it lives 15 minutes), as the app does after a 401. */
  const renew = async (activity: 'customer' | 'background') => {
    const answer = await client.post('/auth/refresh', {}, { activity });
    if (answer.status === 200) client.token = answer.body.accessToken;
    return answer;
  };
  return { clock, client, renew };
}

describe('idle lifetime', () => {
  it('is 15 minutes by default and configurable', () => {
    expect(DEFAULT_SESSION_LIFETIME).toEqual({ idleSeconds: 15 * 60, absoluteSeconds: 30 * 24 * 3600 });
    expect(loadConfig({ SESSION_IDLE_MINUTES: '5', SESSION_ABSOLUTE_HOURS: '12', AUTH_SECRET: SECRET }).session).toEqual({
      idleSeconds: 300,
      absoluteSeconds: 12 * 3600,
    });
    for (const env of [{ SESSION_IDLE_MINUTES: '1' }, { SESSION_IDLE_MINUTES: 'x' }, { SESSION_ABSOLUTE_HOURS: '0' }]) {
      expect(() => loadConfig({ ...env, AUTH_SECRET: SECRET }), JSON.stringify(env)).toThrow();
    }
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: '120', SESSION_ABSOLUTE_HOURS: '1', AUTH_SECRET: SECRET })).toThrow();
  });

  it('answers 401 session_idle once the customer made no request for that long; the refresh is refused and the cookies go', async () => {
    const { clock, client, renew } = await signedIn();
    clock.advance(IDLE - 1);
    expect((await client.get('/users/me', { activity: 'background' })).status).toBe(200);
    clock.advance(1);
    expectError(await client.get('/users/me'), 401, 'session_idle');
    const refused = await renew('customer');
    expectError(refused, 401, 'session_idle');
    expect(client.cookies.size).toBe(0);
  });

  it('does not count background requests, nor requests that do not say', async () => {
    const { clock, client } = await signedIn();
    for (let minute = 1; minute < 15; minute += 1) {
      clock.advance(MINUTE);
      const activity = minute % 2 ? 'background' : null;
      expect((await client.get('/users/me', { activity })).status, `minute ${minute}`).toBe(200);
    }
    clock.advance(MINUTE);
    expectError(await client.get('/users/me', { activity: 'background' }), 401, 'session_idle');
  });

  it('does not count a background renewal either (the 401 of a poll must not keep an unattended session alive)', async () => {
    const { clock, client, renew } = await signedIn();
    clock.advance(IDLE - MINUTE);
    expect((await renew('background')).status).toBe(200);
    clock.advance(MINUTE);
    expectError(await client.get('/users/me', { activity: 'background' }), 401, 'session_idle');
  });

  it('restarts with each request the customer makes, and with "Stay signed in" (a customer renewal)', async () => {
    const { clock, client, renew } = await signedIn();
    clock.advance(IDLE - MINUTE);
    expect((await client.get('/users/me')).status).toBe(200);
    clock.advance(IDLE - MINUTE);
    // The access token expired meanwhile; "Stay signed in" renews it and counts as activity.
    expect((await renew('customer')).status).toBe(200);
    clock.advance(IDLE - MINUTE);
    expect((await client.get('/users/me', { activity: 'background' })).status).toBe(200);
    clock.advance(MINUTE);
    expectError(await client.get('/users/me', { activity: 'background' }), 401, 'session_idle');
  });

  it('is seen by the server at most a few seconds early (activity is recorded in steps)', async () => {
    const { clock, client } = await signedIn();
    clock.advance(LAST_ACTIVE_RESOLUTION_SECONDS - 1);
    expect((await client.get('/users/me')).status).toBe(200);
    // That request was within the step: the idle clock still runs from sign-in.
    clock.advance(IDLE - LAST_ACTIVE_RESOLUTION_SECONDS + 1);
    expectError(await client.get('/users/me', { activity: 'background' }), 401, 'session_idle');
  });

  it('follows the configured limit', async () => {
    const { clock, client } = await signedIn({ idleSeconds: 2 * MINUTE, absoluteSeconds: 3600 });
    clock.advance(2 * MINUTE);
    expectError(await client.get('/users/me'), 401, 'session_idle');
  });

  it('drops an idle session from the customer’s list of signed-in sessions', async () => {
    const { clock, client } = await signedIn();
    const phone = new TestClient(client.server);
    const { email } = await client.get('/users/me').then((answer) => answer.body);
    expect((await phone.login(email, 'correct horse 42 battery')).status).toBe(200);
    clock.advance(IDLE - MINUTE);
    expect((await phone.get('/auth/sessions')).body.sessions).toHaveLength(2);
    clock.advance(MINUTE);
    // The phone's access token expired meanwhile (the phone itself was active a minute ago).
    phone.token = (await phone.post('/auth/refresh', {})).body.accessToken;
    const sessions = (await phone.get('/auth/sessions')).body.sessions as { current: boolean }[];
    expect(sessions.map((session) => session.current)).toEqual([true]);
  });
});

describe('absolute lifetime', () => {
  it('ends the session at its end however active the customer is: 401 session_expired, no refresh goes past it', async () => {
    const { clock, client, renew } = await signedIn({ idleSeconds: 15 * MINUTE, absoluteSeconds: 3600 });
    for (let minute = 10; minute < 60; minute += 10) {
      clock.advance(10 * MINUTE);
      const renewed = await renew('customer');
      expect(renewed.status, `minute ${minute}`).toBe(200);
      // The cookies never outlive the session.
      const maxAge = renewed.headers
        .getSetCookie()
        .find((line) => line.startsWith('refresh_token='))!
        .match(/Max-Age=(\d+)/)![1];
      expect(Number(maxAge)).toBe(3600 - minute * MINUTE);
      expect(renewed.body.sessionExpiresAt).toBe(new Date(Date.parse('2026-03-02T10:00:00.000Z')).toISOString());
    }
    clock.advance(10 * MINUTE);
    expectError(await client.get('/users/me'), 401, 'session_expired');
    expectError(await renew('customer'), 401, 'session_expired');
    expect(client.cookies.size).toBe(0);
  });

  it('is 30 days by default', async () => {
    const { clock, client, renew } = await signedIn({
      idleSeconds: 40 * 24 * 3600,
      absoluteSeconds: DEFAULT_SESSION_LIFETIME.absoluteSeconds,
    });
    clock.advance(DEFAULT_SESSION_LIFETIME.absoluteSeconds - MINUTE);
    expect((await renew('customer')).status).toBe(200);
    clock.advance(MINUTE);
    expectError(await client.get('/users/me'), 401, 'session_expired');
  });
});
