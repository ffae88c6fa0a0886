import { describe, expect, it } from 'vitest';
import {
  TestClient,
  TestClock,
  createTestServer,
  expectError,
  latestCode,
  refreshWithCookie,
  registerVerifiedCustomer,
  type TestServer,
  useTestDatabase,
} from '../server/helpers';

// Issue 21, item 11: 5 tries per step-up code and 10 codes an hour allowed ~1 200 guesses a day on a
// stolen session. The tenth wrong code of a customer within 24 hours ends the session that typed it.

const db = useTestDatabase();

const other = (code: string) => (code === '000000' ? '111111' : '000000');

/** Asks a step-up code (to the e-mail: no phone) and types `tries` wrong ones; answers the last answer. */
async function guess(server: TestServer, client: TestClient, email: string, tries: number) {
  expect((await client.post('/step-up/code', { action: 'password.change' })).status).toBe(200);
  const wrong = other(await latestCode(client, email, 'step_up'));
  let last;
  for (let i = 0; i < tries; i++) last = await client.post('/step-up/verify', { action: 'password.change', code: wrong });
  server.clock.advance(61);
  return last!;
}

async function twoSessions(server: TestServer, language = 'en') {
  const thief = new TestClient(server);
  const { email, password } = await registerVerifiedCustomer(thief, { language });
  const own = new TestClient(server);
  expect((await own.login(email, password)).status).toBe(200);
  return { thief, own, email, password };
}

describe('wrong step-up codes', () => {
  it('end the guessing session at the tenth of the day, refresh included, and tell the customer by e-mail', async () => {
    const server = createTestServer(db, { clock: new TestClock() });
    const { thief, own, email } = await twoSessions(server, 'fr');
    const refreshToken = thief.cookies.get('refresh_token')!;
    expect(refreshToken).toBeTruthy();

    expectError(await guess(server, thief, email, 5), 400, 'code_attempts_exceeded');
    expectError(await guess(server, thief, email, 4), 400, 'code_invalid');
    expect((await thief.get('/users/me')).status).toBe(200);
    const before = server.sent.length;
    expectError(await guess(server, thief, email, 1), 401, 'session_wrong_codes');

    expectError(await thief.get('/users/me'), 401, 'unauthorized');
    expectError(await refreshWithCookie(server, refreshToken), 401, 'session_wrong_codes');
    // The customer's other session goes on.
    expect((await own.get('/users/me')).status).toBe(200);
    const told = server.sent.slice(before).filter((m) => m.template !== 'step_up');
    expect(told.map((m) => ({ to: m.to, template: m.template }))).toEqual([{ to: email, template: 'step_up_guessing' }]);
    expect(told[0]!.body).toMatch(/codes de confirmation erronés/);
    const activity = await own.get('/auth/security-activity');
    expect(activity.body.events[0]).toMatchObject({ kind: 'sessions_ended' });
  });

  it('count per customer: a second session ends at its first wrong code of the same day, unannounced twice', async () => {
    const server = createTestServer(db, { clock: new TestClock() });
    const { thief, own, email } = await twoSessions(server);
    await guess(server, thief, email, 5);
    await guess(server, thief, email, 5);
    const before = server.sent.length;
    expectError(await guess(server, own, email, 1), 401, 'session_wrong_codes');
    expect(server.sent.slice(before).filter((m) => m.template === 'step_up_guessing')).toEqual([]);
  });

  it('count guesses sent in parallel one by one: the session ends, the e-mail goes once', async () => {
    const server = createTestServer(db, { clock: new TestClock() });
    const { thief, own, email } = await twoSessions(server);
    expect((await thief.post('/step-up/code', { action: 'password.change' })).status).toBe(200);
    const wrong = other(await latestCode(thief, email, 'step_up'));
    const before = server.sent.length;
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => thief.post('/step-up/verify', { action: 'password.change', code: wrong })),
    );
    expect(answers.filter((a) => a.status === 200)).toEqual([]);
    expect(answers.some((a) => a.body?.error?.code === 'session_wrong_codes')).toBe(true);
    expectError(await thief.get('/users/me'), 401, 'unauthorized');
    expect((await own.get('/users/me')).status).toBe(200);
    expect(server.sent.slice(before).filter((m) => m.template === 'step_up_guessing')).toHaveLength(1);
  });

  it('forget them 24 hours after the first', async () => {
    const server = createTestServer(db, { clock: new TestClock() });
    const { thief, email, password } = await twoSessions(server);
    await guess(server, thief, email, 5);
    await guess(server, thief, email, 4);
    server.clock.advance(24 * 60 * 60);
    // The session itself is idle by now: a fresh sign-in, then one more wrong code.
    const again = new TestClient(server);
    expect((await again.login(email, password)).status).toBe(200);
    expectError(await guess(server, again, email, 1), 400, 'code_invalid');
    expect((await again.get('/users/me')).status).toBe(200);
  });
});
