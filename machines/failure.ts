/**
 * Why a call did not go through; screens translate the code. The one failure type of every flow: the app's
 * actors reject with `asError(…)` (API errors and browser WebAuthn errors alike) and machines read what they
 * rejected with through `toFailure` / `failureOf`.
 */
export interface Failure {
  /** A stable API or app error code (`invalid_credentials`, `rate_limited`, `network_error`, `webauthn_not_allowed`…). */
  code: string;
  /** Seconds to wait, when the server rate-limits attempts. */
  retryAfterSeconds?: number;
  /** Per-field messages of a `validation_failed` answer, keyed by body field. */
  fields?: Record<string, string>;
  /** The English message; shown only where the browser's own words are the best there is (passkeys). */
  message?: string;
}

/** Reads what an actor rejected with (the app rejects with `asError`). */
export function toFailure(error: unknown): Failure {
  if (typeof error !== 'object' || error === null || !('code' in error) || typeof error.code !== 'string') {
    return { code: 'unknown' };
  }
  const failure: Failure = { code: error.code };
  if ('retryAfterSeconds' in error && typeof error.retryAfterSeconds === 'number') failure.retryAfterSeconds = error.retryAfterSeconds;
  if ('message' in error && typeof error.message === 'string' && error.message !== '') failure.message = error.message;
  if ('fields' in error && typeof error.fields === 'object' && error.fields !== null) {
    failure.fields = error.fields as Record<string, string>;
  }
  return failure;
}

/** The failure of an invoked actor's error event (done and error events are not among a machine's own events). */
export function failureOf(event: unknown): Failure {
  return toFailure((event as { error?: unknown }).error);
}

/**
 * What an actor rejects with: an Error (for logs and stack traces) that carries the failure's fields. An
 * API client's error (code, message, fields, Retry-After) can be passed as it is; other fields are dropped.
 */
export function asError(failure: Failure, cause?: unknown): Error & Failure {
  const { code, message, retryAfterSeconds, fields } = failure;
  // Named by its code, so a log reads `rate_limited: …`; no message means none (the code is no message to show).
  return Object.assign(new Error(message ?? '', cause === undefined ? undefined : { cause }), {
    name: code,
    code,
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    ...(fields ? { fields } : {}),
  });
}

/** Whether a typed one-time code has the shape every code step asks for (else `code_malformed`, nothing sent). */
export function isSixDigitCode(code: string): boolean {
  return /^\d{6}$/.test(code.trim());
}
