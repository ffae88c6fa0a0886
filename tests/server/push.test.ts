import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pushEndpointAllowed, type PushSender } from '../../server/services/push';
import {
  createTestServer,
  expectError,
  registerCustomer,
  registerVerifiedCustomer,
  TestClient,
  useTestDatabase,
  type TestServer,
} from './helpers';
import { device, pushServiceOn, recordingSender, vapid } from './pushHelpers';

const db = useTestDatabase();

let server: TestServer | undefined;
function pushServer(): TestServer {
  server ??= createTestServer(db, { config: { push: { mode: 'webpush', vapid } } });
  return server;
}

const pushService = (send: PushSender) => pushServiceOn(db, send);

async function fundedCustomer(client: TestClient, language?: string) {
  const customer = await registerVerifiedCustomer(client);
  if (language) expect((await client.post('/user-settings', { language })).status).toBe(200);
  const details = await client.get('/inject/fiat/details');
  const credit = await client.post(
    '/simulate/bank-transfer',
    { currency: 'EUR', amount: '120.50', senderName: 'Ada Lovelace', reference: details.body.reference },
    { headers: { 'idempotency-key': randomUUID() } },
  );
  expect(credit.status, JSON.stringify(credit.body)).toBe(200);
  return customer;
}

describe('GET /push/config', () => {
  it('serves the runtime mode: Web Push with its VAPID public key, the SDK, or off', async () => {
    const web = await new TestClient(pushServer()).get('/push/config', { token: null });
    expect(web.body).toEqual({ mode: 'webpush', vapidPublicKey: vapid.publicKey });
    const sdk = createTestServer(db, {
      config: { push: { mode: 'sdk', appId: 'app-1', scriptUrl: 'https://sdk.example.test/v16/sdk.js' } },
    });
    expect((await new TestClient(sdk).get('/push/config')).body).toEqual({
      mode: 'sdk',
      appId: 'app-1',
      scriptUrl: 'https://sdk.example.test/v16/sdk.js',
    });
    expect((await new TestClient(createTestServer(db)).get('/push/config')).body).toEqual({ mode: 'off' });
  });
});

describe('notifications', () => {
  it('a credited deposit is in the list, unread, until marked read; the push is encrypted for the device in the saved language', async () => {
    const client = new TestClient(pushServer());
    const phone = device();
    await registerVerifiedCustomer(client);
    expect((await client.post('/user-settings', { language: 'de' })).status).toBe(200);
    expect((await client.post('/push/subscriptions', phone.body)).status).toBe(200);
    const sender = recordingSender();
    const push = pushService(sender.send);
    await push.deliverPending();
    sender.received.length = 0;

    const details = await client.get('/inject/fiat/details');
    await client.post(
      '/simulate/bank-transfer',
      { currency: 'EUR', amount: '120.50', senderName: 'Ada Lovelace', reference: details.body.reference },
      { headers: { 'idempotency-key': randomUUID() } },
    );
    const list = await client.get('/notifications');
    expect(list.status).toBe(200);
    expect(list.body.unreadCount).toBe(1);
    expect(list.body.notifications[0]).toMatchObject({
      kind: 'deposit_credited',
      params: { amount: expect.stringMatching(/^120\.50*$/), currency: 'EUR' },
      read: false,
    });

    await push.deliverPending();
    const mine = sender.received.filter((r) => r.endpoint === phone.body.endpoint);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.headers['Content-Encoding']).toBe('aes128gcm');
    expect(mine[0]!.headers.Authorization).toMatch(/^vapid t=/);
    expect(phone.decrypt(mine[0]!.body)).toEqual({
      title: 'Einzahlung eingegangen',
      body: '120,50\u00a0€ wurden Ihrem Konto gutgeschrieben.',
      url: '/de/activities',
      tag: list.body.notifications[0].id,
    });
    // Pushed once, however often the sweep runs.
    await push.deliverPending();
    expect(sender.received.filter((r) => r.endpoint === phone.body.endpoint)).toHaveLength(1);

    const read = await client.post('/notifications/read', { upToId: list.body.notifications[0].id });
    expect(read.body.unreadCount).toBe(0);
    expect(read.body.notifications[0].read).toBe(true);
  });

  it('a security event notifies; a routine sign-in does not', async () => {
    const client = new TestClient(pushServer());
    const { email, password } = await registerCustomer(client);
    const other = new TestClient(pushServer());
    await other.login(email, password);
    expect((await client.get('/notifications')).body.notifications).toEqual([]);
    expect((await client.post('/auth/sessions/revoke-others', {})).status).toBe(200);
    const list = (await client.get('/notifications')).body;
    expect(list.unreadCount).toBe(1);
    expect(list.notifications[0]).toMatchObject({ kind: 'security_event', params: { event: 'sessions_ended' } });
  });

  it('another customer cannot read or mark my notifications', async () => {
    const me = new TestClient(pushServer());
    await fundedCustomer(me);
    const other = new TestClient(pushServer());
    await registerCustomer(other);
    const mine = (await me.get('/notifications')).body.notifications[0].id as string;
    expect((await other.get('/notifications')).body).toEqual({ notifications: [], unreadCount: 0 });
    await other.post('/notifications/read', { upToId: mine });
    expect((await me.get('/notifications')).body.unreadCount).toBe(1);
  });
});

describe('POST /push/subscriptions', () => {
  it('refuses bad bodies with the one error shape', async () => {
    const client = new TestClient(pushServer());
    await registerCustomer(client);
    const good = device().body;
    expectError(await client.post('/push/subscriptions', { ...good, endpoint: 'javascript:alert(1)' }), 422, 'validation_failed', [
      'endpoint',
    ]);
    expectError(
      await client.post('/push/subscriptions', { ...good, keys: { ...good.keys, auth: 'x'.repeat(65) } }),
      422,
      'validation_failed',
    );
    expectError(
      await client.post('/push/subscriptions', { ...good, endpoint: `https://push.example.test/${'a'.repeat(1100)}` }),
      422,
      'validation_failed',
    );
    expectError(await client.post('/push/subscriptions', { ...good, extra: 1 }), 422, 'validation_failed');
    expectError(await client.post('/push/subscriptions', good, { token: null }), 401, 'unauthorized');
  });

  it('an endpoint held by another customer is refused, not taken over', async () => {
    const shared = device();
    const first = new TestClient(pushServer());
    await registerCustomer(first);
    expect((await first.post('/push/subscriptions', shared.body)).status).toBe(200);
    // Repeatable for its owner.
    expect((await first.post('/push/subscriptions', shared.body)).status).toBe(200);
    const second = new TestClient(pushServer());
    await registerCustomer(second);
    expectError(await second.post('/push/subscriptions', shared.body), 409, 'push_endpoint_refused');
    const rows = await db.owner.transaction((s) =>
      s.query<{ n: string }>('SELECT count(*) AS n FROM push_subscriptions WHERE endpoint = $1', [shared.body.endpoint]),
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('signing out removes the device; a push service answering 410 removes it too', async () => {
    const count = async (endpoint: string) =>
      Number(
        (
          await db.owner.transaction((s) =>
            s.query<{ n: string }>('SELECT count(*) AS n FROM push_subscriptions WHERE endpoint = $1', [endpoint]),
          )
        )[0]!.n,
      );
    const leaving = new TestClient(pushServer());
    await registerCustomer(leaving);
    const laptop = device();
    await leaving.post('/push/subscriptions', laptop.body);
    expect(await count(laptop.body.endpoint)).toBe(1);
    expect((await leaving.post('/auth/logout', {})).status).toBe(200);
    expect(await count(laptop.body.endpoint)).toBe(0);

    const staying = new TestClient(pushServer());
    const phone = device();
    await registerVerifiedCustomer(staying);
    await staying.post('/push/subscriptions', phone.body);
    const sender = recordingSender();
    const push = pushService(sender.send);
    await push.deliverPending();
    sender.answer(410);
    const details = await staying.get('/inject/fiat/details');
    await staying.post(
      '/simulate/bank-transfer',
      { currency: 'EUR', amount: '5', senderName: 'Ada', reference: details.body.reference },
      { headers: { 'idempotency-key': randomUUID() } },
    );
    await push.deliverPending();
    expect(sender.received.some((r) => r.endpoint === phone.body.endpoint)).toBe(true);
    expect(await count(phone.body.endpoint)).toBe(0);
  });

  it('without Web Push configured the server says so', async () => {
    const client = new TestClient(createTestServer(db));
    await registerCustomer(client);
    expectError(await client.post('/push/subscriptions', device().body), 503, 'push_unavailable');
  });
});

describe('pushEndpointAllowed', () => {
  it('production posts only to public https push services', () => {
    expect(pushEndpointAllowed('https://fcm.googleapis.com/fcm/send/abc', false)).toBe(true);
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://localhost/x',
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://169.254.169.254/latest',
      'https://[::1]/x',
      'https://user:pw@push.example.test/x',
      'https://metadata.internal/x',
    ])
      expect(pushEndpointAllowed(endpoint, false), endpoint).toBe(false);
    expect(pushEndpointAllowed('http://127.0.0.1:8990/push', true)).toBe(true);
  });
});
