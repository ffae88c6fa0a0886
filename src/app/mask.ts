/**
 * Masks secrets before anything leaves the page for an outside inspector: values of fields named like
 * token, code, challenge, password or secret (any case, any position: `auth_token`, `emailCode`,
 * `passkeyChallenge`), and strings shaped like JWTs wherever they are.
 */
export const MASK = '••••';

const SECRET_NAME = /token|code|challenge|password|passwd|secret|otp|authorization|cookie|credential/i;
const JWT = /^eyJ[\w-]*\.[\w-]+\.[\w-]*$/;
const MAX_DEPTH = 12;

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

export function maskSecrets<T>(value: T): T {
  return mask(value, 0, new WeakSet()) as T;
}

function mask(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return JWT.test(value) ? MASK : value;
  if (value === null || typeof value !== 'object') return typeof value === 'function' ? undefined : value;
  if (depth >= MAX_DEPTH) return '[…]';
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => mask(item, depth + 1, seen));
  if (value instanceof Date) return value.toISOString();
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (isSecretName(key) && item !== null && item !== undefined && item !== '' && typeof item !== 'boolean') {
      out[key] = MASK;
    } else {
      out[key] = mask(item, depth + 1, seen);
    }
  }
  return out;
}
