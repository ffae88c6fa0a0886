import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { Socket } from 'node:net';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../server/logger';
import { createPushSender, createPushService, PushAddressRefused, pushEndpointAllowed } from '../../server/services/push';
import { createTestServer, expectError, registerCustomer, registerVerifiedCustomer, TestClient, useTestDatabase } from '../server/helpers';

/**
 * Issue 21, item 5: a push endpoint is the caller's to choose, so it must not become the server's way
 * into its own network. The sender resolves the host itself, refuses any address that is not public
 * before a socket opens (the tests answer the DNS lookup; nothing here connects outside this machine),
 * connects to the very address it checked, never follows a redirect, and production sends only to the
 * known push services.
 */

const db = useTestDatabase();
const vapid = (() => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: ecdh.getPublicKey('base64url'), privateKey: ecdh.getPrivateKey('base64url'), subject: 'mailto:push@meridian.test' };
})();

function subscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') } };
}

const push = (endpoint: string) => ({ endpoint, method: 'POST', headers: { TTL: '60' }, body: Buffer.from('sealed') });

/** A local HTTP server counting the requests it gets, answering with `answer`. */
async function localServer(answer: (path: string) => { status: number; headers?: Record<string, string> }) {
  const paths: string[] = [];
  const server: Server = createServer((request, response) => {
    paths.push(request.url!);
    const { status, headers } = answer(request.url!);
    response.writeHead(status, headers).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  servers.push(server);
  return { port, paths };
}
const servers: Server[] = [];
afterAll(() => servers.forEach((server) => server.close()));

function recordingLogger() {
  const warnings: { event: string; fields: Record<string, unknown> | undefined }[] = [];
  const logger: Logger = { info: () => {}, error: () => {}, warn: (event, fields) => warnings.push({ event, fields }) };
  return { logger, warnings };
}

describe('production sends only to the known push services', () => {
  it('refuses look-alike, internal and numeric hosts, other ports and plain http; takes the browsers’ push services', () => {
    for (const endpoint of [
      'https://localtest.me/push',
      'https://100.64.0.1/push',
      'https://198.18.0.1/push',
      'https://kubernetes.default.svc/push',
      'https://kubernetes.default.svc.cluster.local/push',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/fcm/send/abc',
      'https://evil-fcm.googleapis.com/fcm/send/abc',
      'https://notify.windows.com.evil.example/w/abc',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://push.example.test/send/abc',
    ])
      expect(pushEndpointAllowed(endpoint, false), endpoint).toBe(false);
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-by3p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/QGx3',
    ])
      expect(pushEndpointAllowed(endpoint, true) && pushEndpointAllowed(endpoint, false), endpoint).toBe(true);
  });

  it('a production server refuses to subscribe such an endpoint, and forgets one stored before', async () => {
    const production = createTestServer(db, { config: { demoMode: false, push: { mode: 'webpush', vapid } } });
    const client = new TestClient(production);
    await registerCustomer(client);
    expectError(await client.post('/push/subscriptions', subscription('https://localtest.me/push/1')), 409, 'push_endpoint_refused');

    // Stored under the old check (or in demo mode), then a notification: production sends nothing to it.
    const demo = new TestClient(createTestServer(db, { config: { push: { mode: 'webpush', vapid } } }));
    await registerVerifiedCustomer(demo);
    const stale = `https://kubernetes.default.svc/push/${randomUUID()}`;
    expect((await demo.post('/push/subscriptions', subscription(stale))).status).toBe(200);
    await receiveDeposit(demo);
    const sent: string[] = [];
    const service = createPushService({
      db: db.database.db,
      clock: () => new Date(),
      settings: { mode: 'webpush', vapid },
      demoMode: false,
      logger: recordingLogger().logger,
      send: async (request) => (sent.push(request.endpoint), 201),
    });
    await service.deliverPending();
    expect(sent).not.toContain(stale);
    const rows = await db.owner.transaction((session) => session.query('SELECT 1 FROM push_subscriptions WHERE endpoint = $1', [stale]));
    expect(rows).toHaveLength(0);
  });
});

describe('the sender checks the address it connects to', () => {
  const connect = vi.spyOn(Socket.prototype, 'connect');
  afterEach(() => connect.mockClear());

  it('refuses a host that resolves to this machine, a private, link-local, CGNAT or benchmark address, before any socket opens', async () => {
    const answers: [string, number][] = [
      ['127.0.0.1', 4],
      ['10.0.0.7', 4],
      ['172.20.1.1', 4],
      ['192.168.1.1', 4],
      ['169.254.169.254', 4],
      ['100.64.0.1', 4],
      ['198.18.0.1', 4],
      ['0.0.0.0', 4],
      ['::1', 6],
      ['::ffff:127.0.0.1', 6],
      ['::ffff:169.254.169.254', 6],
      ['fd00::1', 6],
      ['fe80::1', 6],
      ['64:ff9b::a00:1', 6],
    ];
    for (const [address, family] of answers) {
      const send = createPushSender({ demoMode: false, resolve: async () => [{ address, family }] });
      await expect(send(push('https://fcm.googleapis.com/fcm/send/abc')), address).rejects.toBeInstanceOf(PushAddressRefused);
    }
    // One bad address among good ones is enough: the connection could go to any of them.
    const mixed = createPushSender({
      demoMode: false,
      resolve: async () => [
        { address: '142.250.74.42', family: 4 },
        { address: '10.1.2.3', family: 4 },
      ],
    });
    await expect(mixed(push('https://fcm.googleapis.com/fcm/send/abc'))).rejects.toBeInstanceOf(PushAddressRefused);
    // An address written in the endpoint is checked too, without asking DNS.
    const resolve = vi.fn(async () => [{ address: '142.250.74.42', family: 4 }]);
    for (const endpoint of ['http://[::ffff:a9fe:a9fe]/latest', 'http://100.64.0.1/x', 'https://198.18.0.1/x'])
      await expect(createPushSender({ demoMode: true, resolve })(push(endpoint)), endpoint).rejects.toBeInstanceOf(PushAddressRefused);
    expect(resolve).not.toHaveBeenCalled();
    // No socket went to a push endpoint's port (the database's own connections may come and go meanwhile).
    const ports = connect.mock.calls.map((args: unknown[]) => {
      const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
      return typeof first === 'object' && first !== null ? Number((first as { port?: unknown }).port) : Number(first);
    });
    expect(ports.filter((port) => port === 443 || port === 80)).toEqual([]);
  });

  it('connects to the address it checked: a DNS answer that changes afterwards (rebinding) is never asked', async () => {
    const local = await localServer(() => ({ status: 201 }));
    const answers = ['127.0.0.1', '10.0.0.1'];
    const resolve = vi.fn(async () => [{ address: answers.shift()!, family: 4 }]);
    // Demo mode: this machine is where the stand-in push service runs, so its address is allowed.
    const send = createPushSender({ demoMode: true, resolve });
    expect(await send(push(`http://push.rebinding.test:${local.port}/send/abc`))).toBe(201);
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(local.paths).toEqual(['/send/abc']);
  });
});

async function receiveDeposit(client: TestClient) {
  const details = await client.get('/inject/fiat/details');
  const credit = await client.post(
    '/simulate/bank-transfer',
    { currency: 'EUR', amount: '12', senderName: 'Ada Lovelace', reference: details.body.reference },
    { headers: { 'idempotency-key': randomUUID() } },
  );
  expect(credit.status, JSON.stringify(credit.body)).toBe(200);
}

describe('redirects', () => {
  it('a push service answering 302 to an internal address is not followed: the push is logged as refused', async () => {
    const admin = await localServer(() => ({ status: 200 }));
    const pushService = await localServer(() => ({
      status: 302,
      headers: { location: `http://127.0.0.1:${admin.port}/internal/admin` },
    }));
    const client = new TestClient(createTestServer(db, { config: { push: { mode: 'webpush', vapid } } }));
    await registerVerifiedCustomer(client);
    expect((await client.post('/push/subscriptions', subscription(`http://127.0.0.1:${pushService.port}/send/abc`))).status).toBe(200);
    await receiveDeposit(client);
    const { logger, warnings } = recordingLogger();
    const service = createPushService({
      db: db.database.db,
      clock: () => new Date(),
      settings: { mode: 'webpush', vapid },
      demoMode: true,
      logger,
    });
    await service.deliverPending();
    expect(pushService.paths).toEqual(['/send/abc']);
    expect(admin.paths).toEqual([]);
    expect(warnings).toContainEqual({ event: 'push.refused', fields: { status: 302, host: `127.0.0.1:${pushService.port}` } });
  });
});
