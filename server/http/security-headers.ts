import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { isHttps } from './client';

/**
 * The one stylesheet the toast library (sonner) injects as a <style> element when it loads, read from
 * the installed package: the text its ES module passes to `__insertCSS("…")`. The app bundles that
 * same module, so the CSP hash follows any upgrade of sonner by itself.
 */
export function sonnerStylesheet(moduleSource: string = readSonnerModule()): string {
  const calls = [...moduleSource.matchAll(/__insertCSS\(("(?:[^"\\]|\\.)*")\)/g)];
  if (calls.length !== 1) {
    throw new Error(`Expected one stylesheet injected by sonner, found ${calls.length}: the CSP cannot allow its toasts' styles.`);
  }
  return JSON.parse(calls[0]![1]!) as string;
}

function readSonnerModule(): string {
  // `require.resolve` finds the CommonJS entry; the ES module the app bundles sits next to it.
  const entry = createRequire(import.meta.url).resolve('sonner');
  return readFileSync(path.join(path.dirname(entry), 'index.mjs'), 'utf8');
}

/** A CSP source for an inline element's text: `'sha256-…'`. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

let toastStyleSources: string | undefined;

/**
 * The Content-Security-Policy of the app (and, harmlessly, of every API answer):
 * - scripts only from our origin, never inline or eval'd: an injected tag cannot run;
 * - connections only to our API and the wallet's JSON-RPC endpoints (and MetaMask's SDK relay when configured);
 * - images from our origin and data: URLs (inline icons); fonts from our origin;
 * - style elements and stylesheets from our origin, plus the one <style> element of the toast library,
 *   allowed by its hash: an injected <style> does not apply. Mermaid's diagram styles are in our
 *   stylesheet (src/screens/flows/flows.css), not in the element it would generate;
 * - style attributes are allowed: Mermaid lays diagrams out by setting them (d3's `attr('style')`, with
 *   values computed per drawing, so no hash can name them), and the markup of a drawing carries them.
 *   React's `style` prop goes through the CSSOM, which CSP does not govern. An attribute cannot run
 *   script, and the CSS channels that leak data (url() fetches of images and fonts) go to our origin only;
 * - no framing (clickjacking), no <base> hijack, forms post only to us, no plugins;
 * - the push SDK's origin (PUSH_MODE=sdk only) for its script and its calls; Web Push needs nothing more:
 *   the service worker is ours (worker-src falls back to script-src 'self') and the browser itself talks
 *   to its push service;
 * - the chat widget's origin (CHAT_WIDGET_URL only) for its script, its calls and its window's frame.
 */
export function contentSecurityPolicy(
  walletRpcUrls: readonly string[],
  thirdPartyOrigins: readonly string[] = [],
  frameOrigins: readonly string[] = [],
): string {
  // sonner appends its <style> empty and then adds the text, so the browser checks both texts; an
  // empty style element does nothing, and allowing it spares a violation report per page load.
  toastStyleSources ??= `${cspHash('')} ${cspHash(sonnerStylesheet())}`;
  return [
    "default-src 'self'",
    // Configured third parties only (the push SDK, the chat widget): their scripts and their calls.
    `script-src ${["'self'", ...thirdPartyOrigins].join(' ')}`,
    "style-src 'self'",
    `style-src-elem 'self' ${toastStyleSources}`,
    "style-src-attr 'unsafe-inline'",
    // blob: for the app's own object URLs: the preview of a photo the customer picked for the identity check.
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${["'self'", ...walletRpcUrls, ...thirdPartyOrigins].join(' ')}`,
    // The chat widget may show its window in a frame of its origin.
    ...(frameOrigins.length > 0 ? [`frame-src ${["'self'", ...frameOrigins].join(' ')}`] : []),
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

export function securityHeaders(options: {
  walletRpcUrls: readonly string[];
  trustProxy: boolean;
  thirdPartyOrigins?: readonly string[];
  frameOrigins?: readonly string[];
}): MiddlewareHandler {
  const csp = contentSecurityPolicy(options.walletRpcUrls, options.thirdPartyOrigins, options.frameOrigins);
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
