import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import { ACTIVITY, ACTIVITY_HEADER } from '../../contract/session';
import type { ActivityMark } from '../services/tokens';

/**
 * The caller's address, for rate limits. The socket's peer unless TRUST_PROXY says exactly one proxy
 * stands in front: then the last X-Forwarded-For entry, the one that proxy appended (earlier entries
 * are whatever the client chose to send).
 */
export function clientIp(c: Context<{ Bindings: Partial<HttpBindings> }>, trustProxy: boolean): string {
  const forwarded = trustProxy ? c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim() : undefined;
  return normalizeIp(forwarded || c.env?.incoming?.socket?.remoteAddress || 'unknown');
}

/**
 * IPv4-mapped IPv6 becomes plain IPv4; other IPv6 addresses are cut to their /64, because one
 * customer line usually owns a whole /64 and could otherwise rotate addresses past every limit.
 */
export function normalizeIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** https as the client sees it: the URL itself, or the proxy's X-Forwarded-Proto when it is trusted. */
export function isHttps(c: Context, trustProxy: boolean): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  return trustProxy && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
}

/** `customer` only when the app says the customer made this request; anything else is background. */
export function activityOf(c: Context): ActivityMark {
  return c.req.header(ACTIVITY_HEADER) === ACTIVITY.customer ? 'customer' : 'background';
}
