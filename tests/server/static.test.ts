import { Hono } from 'hono';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressJson, COMPRESS_MIN_BYTES } from '../../server/http/compress';
import { PRELOAD_MANIFEST, PRERENDERED_PAGES, type PreloadManifest, type PrerenderedPages } from '../../server/preload-manifest';
import { serveSpa } from '../../server/static';
import { SOCIAL_PROVIDERS, type SocialProvider } from '../../contract/social';

let dist: string;
let app: Hono;

const SCRIPT = `console.log(${JSON.stringify('meridian '.repeat(400))});`;
const INDEX_HTML =
  '<!doctype html><html lang="en" dir="ltr"><head><title>Meridian</title><script type="module" crossorigin src="/assets/index-abc123.js"></script><link rel="modulepreload" crossorigin href="/assets/framework-1.js"><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"></div></body></html>';
const PRERENDERED: PrerenderedPages = {
  '/login': { root: '<main><h1>Log in</h1></main>', title: 'Log in · Meridian', audience: 'guest' },
  // A `$&` in the markup stays text.
  '/ar/login': { root: '<main><h1>تسجيل الدخول</h1><p>$&amp; $1</p></main>', title: 'تسجيل الدخول · Meridian', audience: 'guest' },
  '/': { root: '<main><h1>Home</h1></main>', title: 'Home · Meridian', audience: 'customer' },
  // As src/screens/auth/SocialSignInScreen.tsx renders the buttons at build time: every provider.
  '/welcome': {
    root: `<main><a href="/register">Sign up</a><div class="stack" data-social=""><a class="button" data-social="google" href="/auth/google">Continue with Google</a><a class="button" data-social="apple" href="/auth/apple">Continue with Apple</a><p class="hint-text">By continuing with <span data-social-names="">Google or Apple</span>…</p></div><h2>Language</h2></main>`,
    title: 'Welcome · Meridian',
    audience: 'guest',
  },
};
const MANIFEST: PreloadManifest = {
  routes: [
    { path: '/login', modules: ['assets/auth-1.js', 'assets/shared-1.js'], styles: [] },
    { path: '/accounts/:id', modules: ['assets/accounts-1.js'], styles: ['assets/balances-1.css'] },
    { path: '/accounts/crypto', modules: ['assets/crypto-1.js'], styles: [] },
    { path: '/', modules: ['assets/home-1.js'], styles: ['assets/balances-1.css'] },
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
  write(PRERENDERED_PAGES, JSON.stringify(PRERENDERED));
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
  app.use(serveSpa(dist, { socialProviders: SOCIAL_PROVIDERS, demoMode: false }));
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

  it('are read again once edited in place, and a 404 once deleted, though they were sent before', async () => {
    write('notes.txt', 'first version');
    const first = await get('/notes.txt');
    expect(await first.text()).toBe('first version');
    write('notes.txt', 'the second version');
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(dist, 'notes.txt'), later, later);
    const second = await get('/notes.txt');
    expect(await second.text()).toBe('the second version');
    expect(second.headers.get('etag')).not.toBe(first.headers.get('etag'));
    rmSync(path.join(dist, 'notes.txt'));
    expect((await get('/notes.txt')).status).toBe(404);
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
  const stylesheets = (html: string) => [...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

  it.each([
    ['/login', 'en', 'ltr', ['/assets/en-1.js', '/assets/rules-1.js', '/assets/auth-1.js', '/assets/shared-1.js'], []],
    ['/ar/login', 'ar', 'rtl', ['/assets/ar-1.js', '/assets/rules-1.js', '/assets/auth-1.js', '/assets/shared-1.js'], []],
    ['/', 'en', 'ltr', ['/assets/en-1.js', '/assets/rules-1.js', '/assets/home-1.js'], ['/assets/balances-1.css']],
    ['/ar', 'ar', 'rtl', ['/assets/ar-1.js', '/assets/rules-1.js', '/assets/home-1.js'], ['/assets/balances-1.css']],
    ['/accounts/8c4a1f2e', 'en', 'ltr', ['/assets/en-1.js', '/assets/rules-1.js', '/assets/accounts-1.js'], ['/assets/balances-1.css']],
    // A literal segment wins over a parameter.
    ['/ar/accounts/crypto', 'ar', 'rtl', ['/assets/ar-1.js', '/assets/rules-1.js', '/assets/crypto-1.js'], []],
    // No route: the locale's messages (and what every start loads) still help the 404 page.
    ['/no/such/page', 'en', 'ltr', ['/assets/en-1.js', '/assets/rules-1.js'], []],
  ])('%s is index.html in its locale, preloading its route, its stylesheets and messages', async (url, lang, dir, expected, styles) => {
    // A query string: never the prerendered page.
    const response = await get(`${url}?from=test`, page);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).toContain(`<html lang="${lang}" dir="${dir}" data-social="google apple">`);
    expect(links(html)).toEqual(['/assets/framework-1.js', ...expected]);
    // The route guard's rules come with the page, fetched as the app fetches them (cors, same-origin credentials).
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/route-rules.json">');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    // The screen's own stylesheet, after the app's: its markup is styled from the first paint.
    expect(stylesheets(html)).toEqual(['/assets/index-1.css', ...styles]);
  });

  it('are compressed as the browser accepts, with a length, Vary and an ETag that revalidates', async () => {
    const response = await get('/ar/forgot-password', { ...page, 'accept-encoding': 'gzip, br' });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    const sent = await body(response);
    expect(response.headers.get('content-length')).toBe(String(sent.length));
    expect(brotliDecompressSync(sent).toString()).toContain('/assets/ar-1.js');
    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    expect((await get('/ar/forgot-password', { ...page, 'if-none-match': etag })).status).toBe(304);
    // Another locale is another page.
    expect((await get('/forgot-password', { ...page, 'if-none-match': etag })).status).toBe(200);
  });
});

describe('prerendered pages', () => {
  const session = { ...page, cookie: 'session_info=1700000000000.900' };
  const rootOf = (html: string) => /<div id="root"[^>]*>(.*)<\/div><\/body>/.exec(html)?.[1];

  it.each([
    ['/login', 'en', 'ltr', page],
    ['/ar/login', 'ar', 'rtl', page],
    ['/', 'en', 'ltr', session],
    ['/', 'en', 'ltr', { ...page, cookie: 'theme=dark; auth_token=a' }],
  ])(
    '%s comes rendered to the audience it was rendered for, with its title and the scripts after the paint',
    async (url, lang, dir, headers) => {
      const html = await (await get(url, headers)).text();
      const prerendered = PRERENDERED[url]!;
      expect(rootOf(html)).toBe(prerendered.root);
      expect(html).toContain(`<div id="root" data-prerendered="${prerendered.audience}">`);
      expect(html).toContain(`<html lang="${lang}" dir="${dir}" data-social="google apple">`);
      expect(html).toContain(`<title>${prerendered.title}</title>`);
      expect(html.match(/<title>/g)).toHaveLength(1);
      // The stylesheets (the app's, and the screen's own after it) still block the paint; the scripts wait
      // for it: no entry tag, no preload link.
      expect(html).toContain(
        `<link rel="stylesheet" crossorigin href="/assets/index-1.css">${url === '/' ? '<link rel="stylesheet" crossorigin href="/assets/balances-1.css">' : ''}`,
      );
      expect(html).not.toMatch(/<link rel="(module)?preload"|crossorigin src=/);
      const start = /<script type="module" src="\/app-start.js" data-entry="([^"]+)" data-preload="([^"]+)"><\/script><\/head>/.exec(html);
      expect(start?.[1]).toBe('/assets/index-abc123.js');
      expect(start?.[2]!.split(' ')).toEqual([
        '/assets/framework-1.js',
        ...(url === '/ar/login' ? ['/assets/ar-1.js'] : ['/assets/en-1.js']),
        '/assets/rules-1.js',
        ...(url === '/' ? ['/assets/home-1.js'] : ['/assets/auth-1.js', '/assets/shared-1.js']),
        '/route-rules.json',
      ]);
    },
  );

  it.each([
    ['/login', 'with a session cookie', session],
    ['/ar/login', 'with a session cookie', session],
    ['/', 'without a session cookie', page],
  ])('%s is the empty shell %s (the guard sends the visitor on)', async (url, _, headers) => {
    const response = await get(url, headers);
    const html = await response.text();
    expect(rootOf(html)).toBe('');
    expect(html).not.toContain('data-prerendered');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    expect(html).toContain('<title>Meridian</title>');
    // What is sent depends on the cookie: caches must keep both.
    expect(response.headers.get('vary')).toBe('Accept-Encoding, Cookie');
  });

  it('are the empty shell with a query string, which the rendering does not know', async () => {
    expect(rootOf(await (await get('/login?notice=two_factor_expired', page)).text())).toBe('');
  });

  it('vary by cookie only where the build prerendered the path', async () => {
    expect((await get('/login', page)).headers.get('vary')).toBe('Accept-Encoding, Cookie');
    expect((await get('/accounts/8c4a1f2e', page)).headers.get('vary')).toBe('Accept-Encoding');
    // The same route and locale as a prerendered path, not prerendered itself.
    expect((await get('/forgot-password', session)).headers.get('vary')).toBe('Accept-Encoding');
  });

  // A provider shows only when configured (plain `npm start` has none), decided here so the first paint
  // already has the buttons the app then hydrates.
  it.each([
    [['google', 'apple'], ['Continue with Google', 'Continue with Apple'], 'Google or Apple'],
    [['google'], ['Continue with Google'], 'Google'],
    [['apple'], ['Continue with Apple'], 'Apple'],
    [[], [], undefined],
  ] as [SocialProvider[], string[], string | undefined][])(
    'with the providers %j configured offer exactly them, and say so to the app',
    async (providers, buttons, consent) => {
      const served = new Hono().use(serveSpa(dist, { socialProviders: providers, demoMode: false }));
      for (const url of ['/welcome', '/fr/register']) {
        const html = await (await served.request(`http://localhost${url}`, { headers: page })).text();
        expect(/<html [^>]*data-social="([^"]*)">/.exec(html)?.[1]).toBe(providers.join(' '));
      }
      const html = await (await served.request('http://localhost/welcome', { headers: page })).text();
      expect([...html.matchAll(/>(Continue with \w+)</g)].map((match) => match[1])).toEqual(buttons);
      // The consent sentence names the offered providers only, as the app then renders it.
      expect(/By continuing with <span data-social-names="">([^<]*)<\/span>/.exec(html)?.[1]).toBe(consent);
      // The rest of the page is untouched.
      expect(rootOf(html)).toMatch(/^<main><a href="\/register">Sign up<\/a>.*<h2>Language<\/h2><\/main>$/);
    },
  );

  // The app loads its live flow view (/flows) only when the page says the server runs in demo mode.
  it.each([true, false])('say whether the server runs in demo mode (%s)', async (demoMode) => {
    const served = new Hono().use(serveSpa(dist, { socialProviders: [], demoMode }));
    for (const url of ['/welcome', '/accounts']) {
      const html = await (await served.request(`http://localhost${url}`, { headers: page })).text();
      expect(/<html [^>]*>/.exec(html)?.[0].includes(' data-demo=""')).toBe(demoMode);
    }
  });

  it('differ from the empty shell in their ETag', async () => {
    const guest = (await get('/login', page)).headers.get('etag')!;
    const customer = (await get('/login', session)).headers.get('etag')!;
    expect(guest).not.toBe(customer);
    expect((await get('/login', { ...session, 'if-none-match': guest })).status).toBe(200);
    expect((await get('/login', { ...page, 'if-none-match': guest })).status).toBe(304);
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
