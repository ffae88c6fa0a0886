import { describe, expect, it } from 'vitest';
import { defaultTransport } from '../../server/app';
import { loadConfig } from '../../server/config';
import { DEMO_CUSTOMER } from '../../server/db/seed';
import { createTestServer, expectError, PRODUCTION_ENV, testConfig, TestClient, useTestDatabase } from '../server/helpers';

/** Issue 10, item 4: reset codes must not be readable by anyone who can reach the server. */
const SECRET = { AUTH_SECRET: 's'.repeat(32) };
const outboxPath = `/dev/outbox?to=${encodeURIComponent(DEMO_CUSTOMER.email)}`;

describe('demo mode and the listening address', () => {
  it('listens on loopback unless HOST says otherwise', () => {
    expect(loadConfig(SECRET).host).toBe('127.0.0.1');
    expect(loadConfig({ ...SECRET, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('is on outside production, off with DEMO_MODE=0, and refused in production', () => {
    expect(loadConfig(SECRET).demoMode).toBe(true);
    expect(loadConfig({ ...SECRET, DEMO_MODE: '0' }).demoMode).toBe(false);
    expect(loadConfig(PRODUCTION_ENV).demoMode).toBe(false);
    expect(() => loadConfig({ ...PRODUCTION_ENV, DEMO_MODE: '1' })).toThrow(/DEMO_MODE/);
    expect(() => loadConfig({ ...SECRET, DEMO_MODE: 'yes please' })).toThrow(/DEMO_MODE/);
  });

  it('prints message bodies (the codes) on the console in demo mode only', async () => {
    const lines: unknown[] = [];
    const logger = { info: (_: string, fields?: unknown) => lines.push(fields), warn: () => {}, error: () => {} };
    const message = {
      to: 'a@example.test',
      channel: 'email' as const,
      template: 'reset_password',
      subject: 'Code',
      body: 'Your code: 123456',
    };
    await defaultTransport(testConfig({ demoMode: true }), logger)(message);
    await defaultTransport(testConfig({ demoMode: false }), logger)(message);
    expect(JSON.stringify(lines[0])).toContain('123456');
    expect(JSON.stringify(lines[1])).not.toContain('123456');
  });
});

describe('GET /api/dev/outbox', () => {
  const db = useTestDatabase();

  it('answers a caller on this machine in demo mode', async () => {
    expect((await new TestClient(createTestServer(db)).get(outboxPath)).status).toBe(200);
  });

  it('is not there for a caller on another machine, whatever it forwards (even with TRUST_PROXY)', async () => {
    const client = new TestClient(createTestServer(db, { config: { trustProxy: true } }), '127.0.0.1');
    for (const peer of ['203.0.113.7', '10.0.0.2', '::ffff:192.168.1.4', '2001:db8::1']) {
      expectError(
        await client.get(outboxPath, { peer, headers: { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' } }),
        404,
        'not_found',
      );
    }
  });

  it('is not there when the server listens beyond loopback, nor outside demo mode', async () => {
    for (const config of [{ host: '0.0.0.0' }, { host: '::' }, { host: '192.168.1.10' }, { demoMode: false }]) {
      expectError(await new TestClient(createTestServer(db, { config })).get(outboxPath), 404, 'not_found');
    }
  });
});

/**
 * Issue 21, item 12: demo mode (whose /simulate/* endpoints mint money) turned itself on wherever NODE_ENV was
 * not production, a public HOST and real chains included.
 */
describe('demo mode by default only where no one else can reach it', () => {
  const db = useTestDatabase();
  const REAL_CHAIN = { CHAIN_RPC_URL_ETHEREUM: 'https://eth.rpc.example/' };

  it('is on by default with a loopback HOST and no CHAIN_RPC_URL_*, off by default anywhere else', () => {
    for (const HOST of [undefined, '127.0.0.1', 'localhost', '::1']) expect(loadConfig({ ...SECRET, HOST }).demoMode, HOST).toBe(true);
    for (const HOST of ['0.0.0.0', '::', '192.168.1.10', 'app.example']) expect(loadConfig({ ...SECRET, HOST }).demoMode, HOST).toBe(false);
    expect(loadConfig({ ...SECRET, ...REAL_CHAIN }).demoMode).toBe(false);
    expect(loadConfig({ ...SECRET, CHAIN_RPC_URL_AVALANCHE: 'https://avax.rpc.example/', HOST: 'localhost' }).demoMode).toBe(false);
  });

  it('is on anywhere with DEMO_MODE=1, which the start prints as a warning', () => {
    expect(loadConfig(SECRET).startWarnings).toEqual([]);
    expect(loadConfig({ ...SECRET, DEMO_MODE: '1' }).startWarnings).toEqual([]);
    const open = loadConfig({ ...SECRET, HOST: '0.0.0.0', DEMO_MODE: '1' });
    expect(open.demoMode).toBe(true);
    expect(open.startWarnings).toEqual([expect.stringMatching(/^DEMO_MODE=1 with HOST=0\.0\.0\.0.*mint money/)]);
    const chains = loadConfig({ ...SECRET, ...REAL_CHAIN, DEMO_MODE: 'true' });
    expect(chains.demoMode).toBe(true);
    expect(chains.startWarnings).toEqual([expect.stringMatching(/^DEMO_MODE=1 with CHAIN_RPC_URL_\* set.*mint money/)]);
  });

  it('mints no money on a server listening beyond loopback unless DEMO_MODE=1 says so', async () => {
    const client = new TestClient(createTestServer(db, { config: { demoMode: loadConfig({ ...SECRET, HOST: '0.0.0.0' }).demoMode } }));
    await client.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    expectError(await client.get('/simulate/accounts'), 404, 'not_found');
  });
});
