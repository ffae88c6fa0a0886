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

/**
 * Why one form field was refused: the one vocabulary of every form (sign-up, reset…), whether the form's
 * own check or the server found it. Screens translate `fieldErrors.<field>.<code>`.
 * `missing` (empty), `invalid` (malformed, or refused by the server's validation), `weak` (the password
 * rule is unmet), `too_weak` (the server found the password easy to guess), `taken` (the e-mail has an account).
 */
export type FieldErrorCode = 'missing' | 'invalid' | 'weak' | 'too_weak' | 'taken';
export type FieldErrors<Field extends string> = Partial<Record<Field, FieldErrorCode>>;

/** The server's error codes that are about one body field, and the field error each one is. */
const FIELD_FAILURES: Readonly<Record<string, { field: string; code: FieldErrorCode }>> = {
  email_taken: { field: 'email', code: 'taken' },
  password_too_weak: { field: 'password', code: 'too_weak' },
};

/**
 * A refused call as field errors, where it is about fields of the form (named as the body's fields), so
 * each message sits next to its field; empty when the failure is not about any of them (show it for the
 * whole form then).
 */
export function fieldErrorsOf<Field extends string>(failure: Failure, fields: readonly Field[]): FieldErrors<Field> {
  const own = FIELD_FAILURES[failure.code];
  if (own) return (fields as readonly string[]).includes(own.field) ? ({ [own.field]: own.code } as FieldErrors<Field>) : {};
  if (failure.code !== 'validation_failed' || !failure.fields) return {};
  const refused = failure.fields;
  return Object.fromEntries(fields.filter((field) => field in refused).map((field) => [field, 'invalid'])) as FieldErrors<Field>;
}

/**
 * What a form shows for a refused call: field errors next to their fields, or else the failure for the
 * whole form — never both.
 */
export function refusalOf<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): { fieldErrors: FieldErrors<Field>; failure: Failure | null } {
  const failure = toFailure(error);
  const fieldErrors = fieldErrorsOf(failure, fields);
  return { fieldErrors, failure: Object.keys(fieldErrors).length > 0 ? null : failure };
}

/** Whether a typed one-time code has the shape every code step asks for (else `code_malformed`, nothing sent). */
export function isSixDigitCode(code: string): boolean {
  return /^\d{6}$/.test(code.trim());
}
