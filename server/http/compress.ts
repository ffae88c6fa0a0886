import type { MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Below this a JSON answer fits in one packet anyway; compressing it would only cost time. */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const compressors = {
  // Quality 5: most of brotli's gain at a fraction of quality 11's time, which matters per request.
  br: (data: Buffer) => brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
  gzip: (data: Buffer) => gz(data),
};

/**
 * Of the encodings the server has (best first), the first the request's `Accept-Encoding` takes with
 * the highest q, else `identity`. The server's order decides between equals: browsers list `gzip`
 * before `br`, yet brotli is smaller.
 */
export function preferredEncoding<T extends string>(acceptEncoding: string | undefined, available: readonly T[]): T | 'identity' {
  if (!acceptEncoding) return 'identity';
  const accepted = parseAccept(acceptEncoding);
  const wildcard = accepted.find((entry) => entry.type === '*')?.q ?? 0;
  let best: { encoding: T; q: number } | undefined;
  for (const encoding of available) {
    const q = accepted.find((entry) => entry.type.toLowerCase() === encoding)?.q ?? wildcard;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding ?? 'identity';
}

/**
 * Compresses JSON answers of at least COMPRESS_MIN_BYTES with brotli or gzip, as the request's
 * `Accept-Encoding` allows. (Hono's own `compress` offers no brotli and compresses bodies of any size
 * when no Content-Length is set, which `c.json` never sets.)
 */
export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const type = c.res.headers.get('Content-Type') ?? '';
    if (!c.res.body || c.res.headers.has('Content-Encoding') || !/^application\/(problem\+)?json/.test(type)) return;
    c.header('Vary', 'Accept-Encoding', { append: true });
    const encoding = preferredEncoding(c.req.header('Accept-Encoding'), ['br', 'gzip'] as const);
    if (encoding === 'identity') return;
    const { status } = c.res;
    const body = Buffer.from(await c.res.arrayBuffer());
    const compressed = body.length < COMPRESS_MIN_BYTES ? undefined : await compressors[encoding](body);
    // Hono carries the other headers (cookies included) over to the new response.
    c.res = new Response(new Uint8Array(compressed ?? body), { status, headers: { 'Content-Type': type } });
    if (compressed) c.res.headers.set('Content-Encoding', encoding);
    c.res.headers.set('Content-Length', String((compressed ?? body).length));
  };
}
