import { Hono } from 'hono';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressJson, COMPRESS_MIN_BYTES } from '../../server/http/compress';
import { PRELOAD_MANIFEST, type PreloadManifest } from '../../server/preload-manifest';
import { serveSpa } from '../../server/static';

let dist: string;
let app: Hono;

const SCRIPT = `console.log(${JSON.stringify('meridian '.repeat(400))});`;
const INDEX_HTML =
  '<!doctype html><html lang="en" dir="ltr"><head><script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';
const MANIFEST: PreloadManifest = {
  routes: [
    { path: '/login', modules: ['assets/auth-1.js', 'assets/shared-1.js'] },
    { path: '/accounts/:id', modules: ['assets/accounts-1.js'] },
    { path: '/accounts/crypto', modules: ['assets/crypto-1.js'] },
    { path: '/', modules: ['assets/home-1.js'] },
  ],
  messages: { en: ['assets/en-1.js'], ar: ['assets/ar-1.js'] },
  startup: ['assets/rules-1.js'],
};

function write(file: string, content: string | Buffer) {
  mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  writeFileSync(path.join(dist, file), content);
}

beforeAll(() => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'meridian-static-'));
  write('index.html', INDEX_HTML);
  write(PRELOAD_MANIFEST, JSON.stringify(MANIFEST));
  write('assets/index-abc123.js', SCRIPT);
  write('assets/index-abc123.js.br', brotliCompressSync(SCRIPT));
  write('assets/index-abc123.js.gz', gzipSync(SCRIPT));
  write('assets/index-abc123.js.map', '{"version":3,"sources":["src/secret.ts"]}');
  write('assets/logo-abc123.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  // An operator edited route-rules.json after the build: its compressed copies are older, so stale.
  const rules = JSON.stringify({ rules: [{ from: '/old', to: '/new' }], note: 'x'.repeat(2000) });
  write('route-rules.json.br', brotliCompressSync('{"rules":[]}'));
  write('route-rules.json.gz', gzipSync('{"rules":[]}'));
  const before = new Date(Date.now() - 60_000);
  utimesSync(path.join(dist, 'route-rules.json.br'), before, before);
  utimesSync(path.join(dist, 'route-rules.json.gz'), before, before);
  write('route-rules.json', rules);
  app = new Hono();
  app.use(serveSpa(dist));
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const get = (url: string, headers: Record<string, string> = {}) => app.request(`http://localhost${url}`, { headers });
const page = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const body = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('static assets', () => {
  it('go out as the build’s brotli copy when the browser takes brotli', async () => {
    const response = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const sent = await body(response);
    expect(response.headers.get('content-length')).toBe(String(sent.length));
    expect(sent.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(sent).toString()).toBe(SCRIPT);
  });

  it('go out gzipped to a browser without brotli, or with brotli refused', async () => {
    for (const acceptEncoding of ['gzip', 'br;q=0, gzip']) {
      const response = await get('/assets/index-abc123.js', { 'accept-encoding': acceptEncoding });
      expect(response.headers.get('content-encoding'), acceptEncoding).toBe('gzip');
      expect(gunzipSync(await body(response)).toString()).toBe(SCRIPT);
    }
  });

  it('go out as they are when no encoding is accepted, still marked as varying', async () => {
    const response = await get('/assets/index-abc123.js');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('content-length')).toBe(String(SCRIPT.length));
    expect((await body(response)).toString()).toBe(SCRIPT);
  });

  it('answer HEAD with the length of what a GET would send', async () => {
    const response = await app.request('http://localhost/assets/index-abc123.js', { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-length')).toBe(String(brotliCompressSync(SCRIPT).length));
    expect(await response.text()).toBe('');
  });

  it('ignore a compressed copy older than its file (edited after the build)', async () => {
    const response = await get('/route-rules.json', { 'accept-encoding': 'br, gzip' });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toMatchObject({ rules: [{ from: '/old' }] });
  });

  it('leave images alone, without Vary', async () => {
    const response = await get('/assets/logo-abc123.png', { 'accept-encoding': 'br' });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toBeNull();
    expect(response.headers.get('content-type')).toBe('image/png');
  });

  it.each([
    ['a source map', '/assets/index-abc123.js.map'],
    ['the preload manifest', `/${PRELOAD_MANIFEST}`],
  ])('never include %s', async (_what, url) => {
    expect((await get(url)).status).toBe(404);
    // Asked for as a page, it is the app's page (history fallback), not the file.
    for (const headers of [{}, page]) expect(await (await get(url, headers)).text()).not.toMatch(/secret|"routes"/);
  });
});

describe('pages', () => {
  const links = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

  it.each([
    ['/login', 'en', 'ltr', ['/assets/en-1.js', '/assets/rules-1.js', '/assets/auth-1.js', '/assets/shared-1.js']],
    ['/ar/login', 'ar', 'rtl', ['/assets/ar-1.js', '/assets/rules-1.js', '/assets/auth-1.js', '/assets/shared-1.js']],
    ['/', 'en', 'ltr', ['/assets/en-1.js', '/assets/rules-1.js', '/assets/home-1.js']],
    ['/ar', 'ar', 'rtl', ['/assets/ar-1.js', '/assets/rules-1.js', '/assets/home-1.js']],
    ['/accounts/8c4a1f2e', 'en', 'ltr', ['/assets/en-1.js', '/assets/rules-1.js', '/assets/accounts-1.js']],
    // A literal segment wins over a parameter.
    ['/ar/accounts/crypto', 'ar', 'rtl', ['/assets/ar-1.js', '/assets/rules-1.js', '/assets/crypto-1.js']],
    // No route: the locale's messages (and what every start loads) still help the 404 page.
    ['/no/such/page', 'en', 'ltr', ['/assets/en-1.js', '/assets/rules-1.js']],
  ])('%s is index.html in its locale, preloading its route and messages', async (url, lang, dir, expected) => {
    const response = await get(url, page);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).toContain(`<html lang="${lang}" dir="${dir}">`);
    expect(links(html)).toEqual(expected);
    // The route guard's rules come with the page, fetched as the app fetches them (cors, same-origin credentials).
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/route-rules.json">');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
  });

  it('are compressed as the browser accepts, with a length, Vary and an ETag that revalidates', async () => {
    const response = await get('/ar/login', { ...page, 'accept-encoding': 'gzip, br' });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    const sent = await body(response);
    expect(response.headers.get('content-length')).toBe(String(sent.length));
    expect(brotliDecompressSync(sent).toString()).toContain('/assets/ar-1.js');
    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    expect((await get('/ar/login', { ...page, 'if-none-match': etag })).status).toBe(304);
    // Another locale is another page.
    expect((await get('/login', { ...page, 'if-none-match': etag })).status).toBe(200);
  });
});

describe('JSON answers', () => {
  const api = new Hono();
  api.use(compressJson());
  api.get('/big', (c) => c.json({ items: Array.from({ length: 200 }, (_, index) => ({ index, name: `item ${index}` })) }));
  api.get('/small', (c) => c.json({ ok: true }));
  api.get('/text', (c) => c.text('x'.repeat(5000)));

  it('are compressed with brotli or gzip as accepted, with Vary', async () => {
    for (const [acceptEncoding, encoding, decode] of [
      ['gzip, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const response = await api.request('/big', { headers: { 'accept-encoding': acceptEncoding } });
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      const sent = await body(response);
      expect(response.headers.get('content-length')).toBe(String(sent.length));
      expect(JSON.parse(decode(sent).toString())).toMatchObject({ items: expect.arrayContaining([{ index: 199, name: 'item 199' }]) });
    }
  });

  it(`are sent as they are below ${COMPRESS_MIN_BYTES} bytes or when nothing is accepted`, async () => {
    const small = await api.request('/small', { headers: { 'accept-encoding': 'br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
    const plain = await api.request('/big');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
  });

  it('are the only answers compressed here', async () => {
    expect((await api.request('/text', { headers: { 'accept-encoding': 'br' } })).headers.get('content-encoding')).toBeNull();
  });
});
