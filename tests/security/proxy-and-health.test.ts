import type { HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { healthSchema, readinessSchema } from '../../contract/health';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Db } from '../../server/db/database';
import { clientIp, isHttps } from '../../server/http/client';
import type { AppEnv } from '../../server/http/route';
import { silentLogger } from '../../server/logger';
import { createTestServer, expectError, testConfig, TestClient, useTestDatabase } from '../server/helpers';

/** Issue 10, item 20 (server part): proxy trust fails closed; health and readiness probes exist. */
const SECRET = { AUTH_SECRET: 's'.repeat(32) };

describe('TRUST_PROXY', () => {
  it('refuses to start on anything but a clear on or off', () => {
    for (const value of ['yes', 'on', '2', 'loopback', '10.0.0.0/8', 'ture']) {
      expect(() => loadConfig({ ...SECRET, TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
    expect(loadConfig(SECRET).trustProxy).toBe(false);
    expect(loadConfig({ ...SECRET, TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ ...SECRET, TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ ...SECRET, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('ignores forwarded headers unless the proxy is trusted', async () => {
    const probe = async (trust: boolean) => {
      const app = new Hono<AppEnv>();
      app.get('/', (c) => c.json({ ip: clientIp(c, trust), https: isHttps(c, trust) }));
      const incoming = { socket: { remoteAddress: '203.0.113.9' } } as HttpBindings['incoming'];
      const headers = { 'x-forwarded-for': '10.1.2.3', 'x-forwarded-proto': 'https' };
      return (await app.request('http://app.example/', { headers }, { incoming })).json();
    };
    expect(await probe(false)).toEqual({ ip: '203.0.113.9', https: false });
    expect(await probe(true)).toEqual({ ip: '10.1.2.3', https: true });
  });
});

describe('GET /api/health and /api/ready', () => {
  const db = useTestDatabase();

  it('answer while the process is up and the database answers', async () => {
    const client = new TestClient(createTestServer(db));
    const health = await client.get('/health', { token: null });
    expect(health.status).toBe(200);
    expect(healthSchema.parse(health.body)).toEqual({ status: 'ok' });
    const ready = await client.get('/ready', { token: null });
    expect(ready.status).toBe(200);
    expect(readinessSchema.parse(ready.body)).toEqual({ status: 'ready' });
  });

  it('readiness fails with 503 not_ready when the database does not answer; liveness does not', async () => {
    const broken = { execute: () => Promise.reject(new Error('connection refused')) } as unknown as Db;
    const app = createApp({ db: broken, config: testConfig(), logger: silentLogger });
    const ready = await app.request('/api/ready');
    expectError({ status: ready.status, headers: ready.headers, body: await ready.json() }, 503, 'not_ready');
    expect((await app.request('/api/health')).status).toBe(200);
  });
});
