import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../server/http/security-headers';
import { EVM_CHAINS, EVM_NETWORK_CODES } from '../../contract/chainList';
import { createTestDatabase, createTestServer, type TestDatabase, type TestServer } from './helpers';

let db: TestDatabase;
let server: TestServer;
let dist: string;
/** A file next to the app folder, which no URL may reach. */
let outside: string;

const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  db = await createTestDatabase();
  dist = mkdtempSync(path.join(os.tmpdir(), 'meridian-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'builds'));
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(path.join(dist, 'builds', 'latest.json'), '{"id":"build-1"}');
  writeFileSync(path.join(dist, 'route-rules.json'), '{"rules":[]}');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dist, '.env'), 'SECRET=1');
  outside = `${dist}-outside.txt`;
  writeFileSync(outside, 'outside');
  server = createTestServer(db, { config: { distDir: dist } });
});
afterAll(async () => {
  rmSync(dist, { recursive: true, force: true });
  rmSync(outside, { force: true });
  await db.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.request(url.startsWith('http') ? url : `http://localhost${url}`, { headers });
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('security headers', () => {
  const expected = {
    // The configured wallet RPC and the four chains' endpoints (mainnet ones: no local node in these tests).
    'content-security-policy': contentSecurityPolicy([
      'https://rpc.wallet.example/v1',
      ...EVM_NETWORK_CODES.map((network) => EVM_CHAINS[network].rpcUrl),
    ]),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
  };

  it.each([
    ['the app', '/', html],
    ['a hashed asset', '/assets/index-abc123.js', {}],
    ['an API answer', '/api/users-deposit-levels/by-user', {}],
    ['an API error', '/api/nowhere', {}],
    ['a missing file', '/assets/gone.js', {}],
  ])('are on %s', async (_what, url, headers) => {
    const response = await get(url, headers);
    for (const [name, value] of Object.entries(expected)) expect(response.headers.get(name), name).toBe(value);
    expect(response.headers.get('permissions-policy')).toMatch(/^camera=\(self\), microphone=\(\), geolocation=\(\)/);
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('include HSTS over https only', async () => {
    const response = await get('https://meridian.example/');
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('form a CSP without inline or foreign script, limited connections and no framing', () => {
    const directives = Object.fromEntries(
      expected['content-security-policy'].split('; ').map((directive) => {
        const [name = '', ...sources] = directive.split(' ');
        return [name, sources];
      }),
    );
    expect(directives).toMatchObject({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'connect-src': ["'self'", 'https://rpc.wallet.example/v1', ...EVM_NETWORK_CODES.map((network) => EVM_CHAINS[network].rpcUrl)],
      'img-src': ["'self'", 'data:', 'blob:'],
      'frame-ancestors': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'object-src': ["'none'"],
    });
    expect(directives['script-src']).not.toContain("'unsafe-inline'");
    expect(directives['script-src']).not.toContain("'unsafe-eval'");
  });

  it('forbid caching of API answers', async () => {
    expect((await get('/api/users/me')).headers.get('cache-control')).toBe('no-store');
  });
});

describe('the built app', () => {
  it('serves index.html for pages, in every locale, with no-cache and an ETag', async () => {
    for (const url of ['/', '/login', '/de/accounts/42', '/ar/pay/abc?x=1']) {
      const response = await get(url, html);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      // Without a preload manifest, only the route rules the first render reads are preloaded.
      expect(await response.text()).toBe(
        INDEX_HTML.replace('</head>', '<link rel="preload" as="fetch" crossorigin href="/route-rules.json"></head>'),
      );
    }
  });

  it('answers 304 when the ETag still matches', async () => {
    const etag = (await get('/', html)).headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    const response = await get('/', { ...html, 'if-none-match': etag });
    expect(response.status).toBe(304);
    expect(await response.text()).toBe('');
  });

  it('caches hashed assets for a year as immutable', async () => {
    const response = await get('/assets/index-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await response.text()).toBe('console.log("app")');
  });

  it.each(['/builds/latest.json', '/route-rules.json', '/favicon.svg'])('revalidates %s on every use', async (url) => {
    const response = await get(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a missing asset with 404, not with the app, so a stale tab notices', async () => {
    expect((await get('/assets/index-old999.js', html)).status).toBe(404);
    expect((await get('/missing.js')).status).toBe(404);
  });

  it('never answers /api paths with the app', async () => {
    const response = await get('/api/no-such-thing', html);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it.each(['/.env', '/%2e%2e/OUTSIDE', '/..%2fOUTSIDE', '/assets/%00.js', '/%E0%A4%A'])('does not serve %s', async (url) => {
    const response = await get(url.replace('OUTSIDE', path.basename(outside)));
    expect(response.status).toBe(404);
    expect(await response.text()).not.toMatch(/SECRET|outside/);
  });

  it('answers HEAD without a body', async () => {
    const response = await server.app.request('http://localhost/assets/index-abc123.js', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe('18');
    expect(await response.text()).toBe('');
  });
});
