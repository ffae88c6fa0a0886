/**
 * How a browser session is carried and kept alive, shared by the server, the API client and the app's
 * first load (no zod here: the first load needs it).
 *
 * - `auth_token`: the access token (a JWT of 15 minutes), readable by scripts: the app sends it as the
 *   bearer token, and its presence is the route guard's "logged in".
 * - `refresh_token`: HttpOnly, SameSite=Strict, sent only to `/api/auth` — no script ever sees it,
 *   and it is never in a JSON body.
 * - `session_info`: the refresh cookie's script-readable shadow, set and cleared with it. It holds no
 *   secret: when the session ends at the latest, and the idle limit the server enforces.
 */
export const AUTH_TOKEN_COOKIE = 'auth_token';
export const REFRESH_TOKEN_COOKIE = 'refresh_token';
export const SESSION_MARKER_COOKIE = 'session_info';
/** The refresh cookie goes nowhere else: only the endpoints that renew or end a session read it. */
export const REFRESH_COOKIE_PATH = '/api/auth';

/** What the marker cookie says. */
export interface SessionMarker {
  /** Epoch milliseconds: the session's absolute end. */
  expiresAt: number;
  /** Seconds without customer activity after which the server refuses the session. */
  idleSeconds: number;
}

export function formatSessionMarker({ expiresAt, idleSeconds }: SessionMarker): string {
  return `${Math.floor(expiresAt / 1000)}.${idleSeconds}`;
}

/** Null for anything that is not a marker the server wrote. */
export function parseSessionMarker(value: string | undefined): SessionMarker | null {
  const match = /^(\d{1,12})\.(\d{1,9})$/.exec(value ?? '');
  if (!match) return null;
  const idleSeconds = Number(match[2]);
  return idleSeconds > 0 ? { expiresAt: Number(match[1]) * 1000, idleSeconds } : null;
}

/**
 * Every request of the app says whether the customer made it. Only `customer` keeps a session from
 * going idle; the app's own polling (balances, new version) sends `background`, and so counts as
 * nothing, as does a request without the header.
 */
export const ACTIVITY_HEADER = 'X-Meridian-Activity';
export const ACTIVITY = { customer: 'customer', background: 'background' } as const;
export type ActivityKind = (typeof ACTIVITY)[keyof typeof ACTIVITY];

/** How long before the idle limit the app asks "Stay signed in?". */
export const IDLE_WARNING_SECONDS = 60;
