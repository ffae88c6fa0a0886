/** Why a call to the server did not go through; screens translate the code. */
export interface Failure {
  /** A stable API error code (`invalid_credentials`, `rate_limited`, `network_error`…). */
  code: string;
  /** Seconds to wait, when the server rate-limits attempts. */
  retryAfterSeconds?: number;
  /** Per-field messages of a `validation_failed` answer, keyed by body field. */
  fields?: Record<string, string>;
  /** The English message; shown only where the browser's own words are the best there is (passkeys). */
  message?: string;
}

/** Reads what an actor rejected with (the app rejects with the API error's code and details). */
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
