import type { Context, MiddlewareHandler } from 'hono';
import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { getCookie } from 'hono/cookie';
import { preferredEncoding } from './http/compress';
import { AUTH_TOKEN_COOKIE, SESSION_MARKER_COOKIE } from '../contract/session';
import { pageHtml, type PageFlags } from './preload';
import { PRELOAD_MANIFEST, PRERENDERED_PAGES, type Audience, type PrerenderedPages, type PreloadManifest } from './preload-manifest';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** Files under /assets/ carry a content hash in their name: a new build means a new name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Everything else may change under the same name (index.html, builds/latest.json, route-rules.json,
 * favicon): the browser keeps it but asks every time, and the ETag makes asking cheap.
 */
const REVALIDATE = 'no-cache';

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt', '.wasm']);
/** The precompressed copies the build writes next to a file (scripts/vite-plugins.ts), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br', compress: (data: Buffer) => brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) },
  { name: 'gzip', suffix: '.gz', compress: (data: Buffer) => gzipSync(data, { level: 9 }) },
] as const;
type Encoding = (typeof ENCODINGS)[number]['name'];

/** A page's HTML in each encoding, made once per page kind (locale and route) and build. */
interface RenderedPage {
  etag: string;
  bodies: Record<Encoding | 'identity', Buffer>;
  /** The build prerendered this path: what a visitor gets depends on their cookies. */
  hasPrerendered: boolean;
}

/** The cookies a session leaves (server/http/cookies.ts); a request with one may be signed in. */
// The refresh token itself is HttpOnly with Path=/api/auth, so pages only see its readable marker.
const SESSION_COOKIES = [AUTH_TOKEN_COOKIE, SESSION_MARKER_COOKIE];

/**
 * Serves the built app from `distDir`. A GET for a page path (not /api, not /assets, the browser
 * accepts HTML) that is no file gets index.html, and the app's router takes over (history fallback).
 * A missing asset is a real 404, so a stale tab sees its chunk fail and reloads (docs/product.md#errors) instead of
 * parsing HTML as JavaScript. Source maps are built for error reports but never served.
 *
 * Text files go out as the build's brotli or gzip copy when the browser accepts it (`Vary:
 * Accept-Encoding`). Pages get their locale's `lang`/`dir` and preload links from the build's
 * preload manifest (server/preload.ts). A page the build prerendered comes rendered to the visitor it
 * was rendered for, asking for it without a query string: /welcome and /login to a visitor without a
 * session cookie, / and /profile/security to one with a session cookie. Anyone else gets the empty shell
 * (the app's guard sends them on; they would otherwise see the other audience's page flash). Every page
 * names the configured `socialProviders` and whether the server runs in demo mode (server/preload.ts).
 */
export function serveSpa(distDir: string, flags: PageFlags): MiddlewareHandler {
  const root = path.resolve(distDir);
  const pages = pageCache(root, flags);
  const files = servedFiles();

  async function findFile(urlPath: string) {
    let relative: string;
    try {
      relative = decodeURIComponent(urlPath);
    } catch {
      return undefined;
    }
    // No NUL bytes, no dot-files, no source maps, nothing outside the folder.
    if (relative.includes('\0') || /(^|\/)\./.test(relative) || relative.endsWith('.map')) return undefined;
    const file = path.join(root, relative === '/' ? 'index.html' : relative);
    if (!file.startsWith(root + path.sep)) return undefined;
    const stats = await stat(file).catch(() => undefined);
    return stats?.isFile() ? { file, stats } : undefined;
  }

  return async (c, next) => {
    const urlPath = c.req.path;
    if (!['GET', 'HEAD'].includes(c.req.method) || urlPath === '/api' || urlPath.startsWith('/api/')) return next();

    const found = await findFile(urlPath);
    const isPage = found
      ? found.file === path.join(root, 'index.html')
      : !urlPath.startsWith('/assets/') && !!c.req.header('accept')?.includes('text/html');
    if (isPage) {
      // The rendering is of the bare page: a query (a notice, a redirect target) may change what shows.
      const audience: Audience | undefined = new URL(c.req.url).search
        ? undefined
        : SESSION_COOKIES.some((name) => getCookie(c, name) !== undefined)
          ? 'customer'
          : 'guest';
      const page = await pages.render(urlPath === '/index.html' ? '/' : urlPath, audience);
      if (!page) return c.text('Not found', 404);
      const encoding = preferredEncoding(
        c.req.header('Accept-Encoding'),
        ENCODINGS.map((candidate) => candidate.name),
      );
      return send(c, {
        etag: page.etag,
        cacheControl: REVALIDATE,
        type: CONTENT_TYPES['.html']!,
        encoding,
        body: page.bodies[encoding],
        varyByCookie: page.hasPrerendered,
      });
    }
    if (!found) return c.text('Not found', 404);

    const { file, stats } = found;
    const extension = path.extname(file);
    const compressible = COMPRESSIBLE.has(extension);
    const served = await files.of(file, stats, compressible);
    const encoding = preferredEncoding(c.req.header('Accept-Encoding'), served.encodings);
    return send(c, {
      etag: served.etag,
      cacheControl: path.relative(root, file).startsWith(`assets${path.sep}`) ? IMMUTABLE : REVALIDATE,
      type: CONTENT_TYPES[extension] ?? 'application/octet-stream',
      encoding: compressible ? encoding : undefined,
      body: await served.body(encoding),
    });
  };
}

/**
 * The build's files as they are sent, read once per version of each file (its size and time) instead of
 * on every request: a page load asks for some forty, and opening, streaming and checking each file's
 * compressed copies took the server about 2.5 ms of CPU a file. Every request still looks the file up, so
 * one deleted is a 404 at once (a stale tab reloads) and one edited in place is read again.
 */
function servedFiles() {
  interface Served {
    stamp: string;
    etag: string;
    /** The compressed copies at least as new as the file: an older one is stale (route-rules.json is edited in place). */
    encodings: Encoding[];
    bodies: Partial<Record<Encoding | 'identity', Promise<Buffer>>>;
  }
  const served = new Map<string, Served>();
  return {
    async of(file: string, stats: Stats, compressible: boolean) {
      const stamp = `${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}`;
      let entry = served.get(file);
      if (entry?.stamp !== stamp) {
        const copies = compressible
          ? await Promise.all(
              ENCODINGS.map(async ({ name, suffix }) => ({ name, stats: await stat(file + suffix).catch(() => undefined) })),
            )
          : [];
        entry = {
          stamp,
          etag: `W/"${stamp}"`,
          encodings: copies.filter((copy) => copy.stats && copy.stats.mtimeMs >= stats.mtimeMs).map((copy) => copy.name),
          bodies: {},
        };
        served.set(file, entry);
      }
      const { etag, encodings, bodies } = entry;
      const body = (encoding: Encoding | 'identity') => {
        const suffix = ENCODINGS.find((candidate) => candidate.name === encoding)?.suffix ?? '';
        // A failed read is not kept: the next request tries again.
        return (bodies[encoding] ??= readFile(file + suffix).catch((error: unknown) => {
          delete bodies[encoding];
          throw error;
        }));
      };
      return { etag, encodings, body };
    },
  };
}

function send(
  c: Context,
  response: {
    etag: string;
    cacheControl: string;
    type: string;
    /** Undefined for formats never compressed (no Vary either). */
    encoding: Encoding | 'identity' | undefined;
    body: Buffer;
    /** A page whose HTML depends on the session cookies (prerendered for guests only). */
    varyByCookie?: boolean;
  },
) {
  const { etag, cacheControl, type, encoding, body, varyByCookie } = response;
  c.header('Cache-Control', cacheControl);
  c.header('ETag', etag);
  c.header('Content-Type', type);
  const vary = [...(encoding ? ['Accept-Encoding'] : []), ...(varyByCookie ? ['Cookie'] : [])];
  if (vary.length) c.header('Vary', vary.join(', '));
  if (c.req.header('if-none-match') === etag) return c.body(null, 304);
  if (encoding && encoding !== 'identity') c.header('Content-Encoding', encoding);
  c.header('Content-Length', String(body.length));
  if (c.req.method === 'HEAD') return c.body(null, 200);
  return c.body(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length), 200);
}

/**
 * index.html, the preload manifest and the prerendered pages, read again when the build changes, and
 * each kind of page rendered and compressed once (pages of one route and locale are the same HTML).
 */
function pageCache(root: string, flags: PageFlags) {
  const indexFile = path.join(root, 'index.html');
  let build: { mtimeMs: number; template: string; manifest: PreloadManifest | undefined; prerendered: PrerenderedPages } | undefined;
  const rendered = new Map<string, RenderedPage>();
  const readJson = (file: string) =>
    readFile(path.join(root, file), 'utf8').then(
      (text) => JSON.parse(text) as unknown,
      () => undefined,
    );

  return {
    /** With `audience`: the page as the build prerendered it for them, if it did. */
    async render(urlPath: string, audience: Audience | undefined): Promise<RenderedPage | undefined> {
      const stats = await stat(indexFile).catch(() => undefined);
      if (!stats) return undefined;
      if (build?.mtimeMs !== stats.mtimeMs) {
        build = {
          mtimeMs: stats.mtimeMs,
          template: await readFile(indexFile, 'utf8'),
          manifest: (await readJson(PRELOAD_MANIFEST)) as PreloadManifest | undefined,
          prerendered: ((await readJson(PRERENDERED_PAGES)) ?? {}) as PrerenderedPages,
        };
        rendered.clear();
      }
      const prerendered = Object.hasOwn(build.prerendered, urlPath) ? build.prerendered[urlPath] : undefined;
      const { html, key: pageKey } = pageHtml(
        build.template,
        build.manifest,
        urlPath,
        flags,
        prerendered?.audience === audience ? prerendered : undefined,
      );
      const key = prerendered ? `${pageKey} (varies by cookie)` : pageKey;
      let page = rendered.get(key);
      if (!page) {
        const identity = Buffer.from(html);
        page = {
          etag: `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
          bodies: {
            identity,
            ...(Object.fromEntries(ENCODINGS.map((encoding) => [encoding.name, encoding.compress(identity)])) as Record<Encoding, Buffer>),
          },
          hasPrerendered: prerendered !== undefined,
        };
        rendered.set(key, page);
      }
      return page;
    },
  };
}
