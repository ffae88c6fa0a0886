import { DrizzleQueryError } from 'drizzle-orm';
/** Structured enough to grep, plain enough to read: `[meridian] outbox.sent {"to":"…"}`. */
export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

function line(event: string, fields?: Record<string, unknown>): string {
  return fields ? `[meridian] ${event} ${JSON.stringify(fields)}` : `[meridian] ${event}`;
}

export const consoleLogger: Logger = {
  info: (event, fields) => console.log(line(event, fields)),
  warn: (event, fields) => console.warn(line(event, fields)),
  error: (event, fields) => console.error(line(event, fields)),
};

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * An error for the log. A failed database query is logged as its SQL and the database's own message,
 * never its parameters (passwords' hashes, codes, e-mail addresses, whatever a request sent): drizzle
 * writes them into the message and so into the stack, which are rebuilt without them.
 */
export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof DrizzleQueryError) {
    const cause = error.cause instanceof Error ? error.cause.message : error.cause === undefined ? undefined : String(error.cause);
    const message = `Failed query: ${error.query}`;
    const frames = error.stack?.split('\n').filter((frame) => /^\s+at /.test(frame)) ?? [];
    return { error: message, ...(cause === undefined ? {} : { cause }), stack: [`${error.name}: ${message}`, ...frames].join('\n') };
  }
  return error instanceof Error ? { error: error.message, stack: error.stack } : { error: String(error) };
}

const EMAIL = /([\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]*@([\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+)/gu;
const PHONE = /\+\d{5,13}(\d{2})\b/g;

/** `d***@meridian.test`, `+*****42`: enough to tell customers apart in an incident, not to reach them. */
export function maskPersonalData(text: string): string {
  return text.replace(EMAIL, '$1***@$2').replace(PHONE, '+*****$1');
}

function maskValue(value: unknown): unknown {
  if (typeof value === 'string') return maskPersonalData(value);
  if (Array.isArray(value)) return value.map(maskValue);
  if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, maskValue(field)]));
  }
  return value;
}

/** Production's logger: every e-mail address and phone number in an event's fields is masked. */
export function maskingLogger(inner: Logger): Logger {
  const masked = (write: Logger['info']) => (event: string, fields?: Record<string, unknown>) =>
    write(event, fields && (maskValue(fields) as Record<string, unknown>));
  return { info: masked(inner.info), warn: masked(inner.warn), error: masked(inner.error) };
}
