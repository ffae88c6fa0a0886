import type { MiddlewareHandler } from 'hono';
import { isHttps } from './client';

/**
 * The Content-Security-Policy of the app (and, harmlessly, of every API answer):
 * - scripts only from our origin, never inline or eval'd: an injected tag cannot run;
 * - connections only to our API and the wallet's JSON-RPC endpoints;
 * - images from our origin and data: URLs (inline icons); fonts from our origin;
 * - styles from our origin plus inline styles. Inline styles are allowed because libraries the app
 *   uses inject them at run time (toast styles as a <style> element, diagrams as SVG with style
 *   attributes) and cannot be given a nonce. What an injected style could do is limited by the rest of
 *   the policy: the CSS channels that leak data (url() fetches of images and fonts) go to our origin only;
 * - no framing (clickjacking), no <base> hijack, forms post only to us, no plugins.
 */
export function contentSecurityPolicy(walletRpcUrls: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${["'self'", ...walletRpcUrls].join(' ')}`,
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** The camera is kept for identity verification (document photos); everything else is off. */
const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
].join(', ');

export function securityHeaders(options: { walletRpcUrls: readonly string[]; trustProxy: boolean }): MiddlewareHandler {
  const csp = contentSecurityPolicy(options.walletRpcUrls);
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('Content-Security-Policy', csp);
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set('Permissions-Policy', PERMISSIONS_POLICY);
    headers.set('X-Frame-Options', 'DENY');
    // Not plain same-origin: wallet SDKs talk to the popup they open through window.opener.
    headers.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    // Only over https: sent over plain http it would be ignored, and on localhost it would pin https.
    if (isHttps(c, options.trustProxy)) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  };
}
