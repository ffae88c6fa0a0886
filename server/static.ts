import type { MiddlewareHandler } from 'hono';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
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

/**
 * Serves the built app from `distDir`. A GET for a page path (not /api, not /assets, the browser
 * accepts HTML) that is no file gets index.html, and the app's router takes over (history fallback).
 * A missing asset is a real 404, so a stale tab sees its chunk fail and reloads (SPEC §8) instead of
 * parsing HTML as JavaScript.
 */
export function serveSpa(distDir: string): MiddlewareHandler {
  const root = path.resolve(distDir);

  async function findFile(urlPath: string) {
    let relative: string;
    try {
      relative = decodeURIComponent(urlPath);
    } catch {
      return undefined;
    }
    // No NUL bytes, no dot-files, nothing outside the folder.
    if (relative.includes('\0') || /(^|\/)\./.test(relative)) return undefined;
    const file = path.join(root, relative === '/' ? 'index.html' : relative);
    if (!file.startsWith(root + path.sep)) return undefined;
    const stats = await stat(file).catch(() => undefined);
    return stats?.isFile() ? { file, stats } : undefined;
  }

  return async (c, next) => {
    const urlPath = c.req.path;
    if (!['GET', 'HEAD'].includes(c.req.method) || urlPath === '/api' || urlPath.startsWith('/api/')) return next();

    let found = await findFile(urlPath);
    if (!found && !urlPath.startsWith('/assets/') && c.req.header('accept')?.includes('text/html')) {
      found = await findFile('/index.html');
    }
    if (!found) return c.text('Not found', 404);

    const { file, stats } = found;
    const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
    c.header('Cache-Control', path.relative(root, file).startsWith(`assets${path.sep}`) ? IMMUTABLE : REVALIDATE);
    c.header('ETag', etag);
    c.header('Content-Type', CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream');
    if (c.req.header('if-none-match') === etag) return c.body(null, 304);
    c.header('Content-Length', String(stats.size));
    if (c.req.method === 'HEAD') return c.body(null, 200);
    return c.body(Readable.toWeb(createReadStream(file)) as ReadableStream, 200);
  };
}
