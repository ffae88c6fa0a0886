import { describe, expect, it } from 'vitest';
import { signedInSessionsSchema } from '../../contract/social';
import { describeDevice } from '../../server/services/device';
import { LAST_SEEN_RESOLUTION_SECONDS } from '../../server/services/tokens';
import { TestClient, createTestServer, expectError, registerCustomer, type TestServer, useTestServer } from './helpers';

const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const { db, server } = useTestServer();

/** One customer signed in on two devices. */
async function twoDevices(on: TestServer = server) {
  const laptop = new TestClient(on);
  const { email, password } = await registerCustomer(laptop);
  const phone = new TestClient(on);
  phone.token = (
    await phone.request('POST', '/auth/login', { body: { email, password }, headers: { 'user-agent': SAFARI_IPHONE } })
  ).body.accessToken;
  return { laptop, phone, email, password };
}

async function list(client: TestClient) {
  const answer = await client.get('/auth/sessions');
  expect(answer.status).toBe(200);
  return signedInSessionsSchema.parse(answer.body).sessions;
}

describe('the list of signed-in sessions', () => {
  it('shows each live session with device, method, address and which one is current', async () => {
    const { laptop, phone } = await twoDevices();
    const sessions = await list(phone);
    expect(sessions).toHaveLength(2);
    const current = sessions.find((s) => s.current)!;
    expect(current).toMatchObject({ browser: 'Safari', os: 'iOS', method: 'password', ip: phone.ip });
    expect(sessions.find((s) => !s.current)).toMatchObject({ method: 'password', ip: laptop.ip });
    expect(current.lastSeenAt).toBe(current.createdAt);
  });

  it('needs a session', async () => {
    expectError(await new TestClient(server).get('/auth/sessions'), 401, 'unauthorized');
  });
});

describe('signing out another session', () => {
  it('ends it: its next call gets 401 and its refresh token is refused', async () => {
    const { laptop, phone } = await twoDevices();
    const other = (await list(phone)).find((s) => !s.current)!;
    expect((await phone.post('/auth/sessions/revoke', { sessionId: other.id })).body).toEqual({ ok: true });
    expectError(await laptop.get('/users/me'), 401, 'unauthorized');
    expectError(await laptop.post('/auth/refresh', {}), 401, 'refresh_token_invalid');
    expect((await list(phone)).map((s) => s.current)).toEqual([true]);
  });

  it('refuses the current session, an unknown one and another customer’s', async () => {
    const { phone } = await twoDevices();
    const current = (await list(phone)).find((s) => s.current)!;
    expectError(await phone.post('/auth/sessions/revoke', { sessionId: current.id }), 409, 'session_is_current');
    expectError(await phone.post('/auth/sessions/revoke', { sessionId: crypto.randomUUID() }), 404, 'session_not_found');
    const stranger = await twoDevices();
    const theirs = (await list(stranger.phone))[0]!;
    expectError(await phone.post('/auth/sessions/revoke', { sessionId: theirs.id }), 404, 'session_not_found');
    expect(await list(stranger.phone)).toHaveLength(2);
  });
});

describe('signing out everywhere', () => {
  it('else: every other session ends, this one stays', async () => {
    const { laptop, phone, email, password } = await twoDevices();
    await new TestClient(server).login(email, password);
    expect((await phone.post('/auth/sessions/revoke-others', {})).body).toEqual({ revoked: 2 });
    expectError(await laptop.get('/users/me'), 401, 'unauthorized');
    expect((await phone.get('/users/me')).status).toBe(200);
  });

  it('including here: every session ends and the cookies are cleared', async () => {
    const { laptop, phone } = await twoDevices();
    expect((await laptop.post('/auth/sessions/revoke-all', {})).body).toEqual({ revoked: 2 });
    expect(laptop.cookies.size).toBe(0);
    expectError(await laptop.get('/users/me'), 401, 'unauthorized');
    expectError(await phone.get('/users/me'), 401, 'unauthorized');
  });
});

describe('last seen', () => {
  it('moves on a refresh, at most once a minute', async () => {
    const local = createTestServer(db);
    const { laptop, phone } = await twoDevices(local);
    const seen = async () => (await list(phone)).find((s) => !s.current)!.lastSeenAt;
    const signedInAt = await seen();

    local.clock.advance(LAST_SEEN_RESOLUTION_SECONDS - 1);
    expect((await laptop.post('/auth/refresh', {})).status).toBe(200);
    expect(await seen()).toBe(signedInAt);

    local.clock.advance(30);
    expect((await laptop.post('/auth/refresh', {})).status).toBe(200);
    expect(await seen()).toBe(local.clock.now().toISOString());
  });
});

describe('device summary', () => {
  it.each([
    [SAFARI_IPHONE, 'Safari', 'iOS'],
    [FIREFOX_MAC, 'Firefox', 'macOS'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36', 'Chrome', 'Linux'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36 Edg/140.0',
      'Edge',
      'Windows',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0 Mobile Safari/537.36',
      'Samsung Internet',
      'Android',
    ],
    [
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36 OPR/110.0',
      'Opera',
      'ChromeOS',
    ],
    ['curl/8.5.0', null, null],
    [undefined, null, null],
  ])('%s → %s on %s', (ua, browser, os) => {
    expect(describeDevice(ua)).toEqual({ browser, os });
  });
});
