/**
 * Failures of the database itself, as opposed to a refused row or a bug: it is busy (a statement, lock
 * or pool-acquire timeout) or out of reach (refused, dropped or restarting connections, too many of
 * them). Both pass on their own, so a request answers 503 with `Retry-After` and a job backs off.
 */
export type DatabaseFault = 'timeout' | 'unavailable';

/** SQLSTATEs of a busy database: statement_timeout (query_canceled), lock_timeout, idle-in-transaction timeout. */
const TIMEOUT_STATES = new Set(['57014', '55P03', '25P03']);
/** Administrator or crash shutdown, starting up. Classes 08 (connection) and 53 (resources, e.g. too many connections) too. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03']);
/** What `pg` and Node say without a SQLSTATE: pool-acquire and connect timeouts, lost connections. */
const TIMEOUT_MESSAGE = /timeout exceeded when trying to connect|connection timeout/i;
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection error and is not queryable|Client was closed|Cannot use a pool after calling end/i;
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);

/** The fault behind `error` (drizzle wraps the driver's error as its `cause`), or undefined for any other failure. */
export function databaseFault(error: unknown): DatabaseFault | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (TIMEOUT_STATES.has(code)) return 'timeout';
      if (UNAVAILABLE_STATES.has(code) || /^(08|53)[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_ERRNO.has(code)) return 'unavailable';
    }
    if (TIMEOUT_MESSAGE.test(current.message)) return 'timeout';
    if (UNAVAILABLE_MESSAGE.test(current.message)) return 'unavailable';
  }
  return undefined;
}
