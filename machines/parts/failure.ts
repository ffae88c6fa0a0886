/**
 * Why something did not go through: the one failure shape of the app. The API client answers it for
 * every refused call (src/api/client.ts), wallet and WebAuthn errors are read into it, the app's actors
 * reject with `asError(…)` and machines read what they rejected with through `toFailure` / `failureOf`;
 * screens put it in words with `failureText` (src/ui/failureText.ts).
 */
export interface Failure<Data = unknown> {
  /** A stable API or app error code (`invalid_credentials`, `rate_limited`, `network_error`, `user_rejected`…). */
  code: string;
  /** The HTTP status of a refused call; 0 when no answer arrived. Absent for failures that are not calls. */
  status?: number;
  /** Seconds to wait, from `Retry-After` (a rate limit). */
  retryAfterSeconds?: number;
  /** Per-field messages of a `validation_failed` answer, keyed by body field. */
  fields?: Record<string, string>;
  /** The English message; shown only where the browser's own words are the best there is (passkeys). */
  message?: string;
  /**
   * What the refusal carries besides, read by the endpoint's contract schema for its code
   * (`errorData`, contract/endpoints/define.ts): e.g. the fresh quote of a `quote_expired` transfer.
   */
  data?: Data;
}

/** Reads what an actor rejected with (the app rejects with `asError`); anything without a code is `unknown`. */
export function toFailure(error: unknown): Failure {
  if (typeof error !== 'object' || error === null || !('code' in error) || typeof error.code !== 'string') {
    return { code: 'unknown' };
  }
  const { code, status, retryAfterSeconds, message, fields, data } = error as Failure;
  return {
    code,
    ...(typeof status === 'number' ? { status } : {}),
    ...(typeof retryAfterSeconds === 'number' ? { retryAfterSeconds } : {}),
    ...(typeof message === 'string' && message !== '' ? { message } : {}),
    ...(typeof fields === 'object' && fields !== null ? { fields } : {}),
    ...(data === undefined ? {} : { data }),
  };
}

/** The failure of an invoked actor's error event (done and error events are not among a machine's own events). */
export function failureOf(event: unknown): Failure {
  return toFailure((event as { error?: unknown }).error);
}

/**
 * What an actor rejects with: an Error (for logs and stack traces) that carries the failure as it is
 * (the API client's failures pass through unchanged).
 */
export function asError<Data>(failure: Failure<Data>, cause?: unknown): Error & Failure<Data> {
  // Named by its code, so a log reads `rate_limited: …`; no message means none (the code is no message to show).
  const error = new Error(failure.message ?? '', cause === undefined ? undefined : { cause });
  const defined = Object.entries(failure).filter(([, value]) => value !== undefined);
  return Object.assign(error, Object.fromEntries(defined) as Failure<Data>, { name: failure.code });
}

/**
 * Why one form field was refused: the one vocabulary of every form (sign-up, reset…), whether the form's
 * own check or the server found it. Screens translate `fieldErrors.<field>.<code>`.
 * `missing` (empty), `too_long` (longer than the field takes), `invalid` (malformed, or refused by the server's validation), `weak` (the password
 * rule is unmet), `too_weak` (the server found the password easy to guess), `taken` (the e-mail has an account).
 */
export type FieldErrorCode = 'missing' | 'too_long' | 'invalid' | 'weak' | 'too_weak' | 'taken' | 'sanctioned';
export type FieldErrors<Field extends string> = Partial<Record<Field, FieldErrorCode>>;

/** The server's error codes that are about one body field, and the field error each one is. */
const FIELD_FAILURES: Readonly<Record<string, { field: string; code: FieldErrorCode }>> = {
  email_taken: { field: 'email', code: 'taken' },
  password_too_weak: { field: 'password', code: 'too_weak' },
};

/** The server's error codes about whichever fields its `fields` names, and the field error each one is. */
const NAMED_FIELD_FAILURES: Readonly<Record<string, FieldErrorCode>> = {
  validation_failed: 'invalid',
  country_sanctioned: 'sanctioned',
};

/**
 * A refused call as field errors, where it is about fields of the form (named as the body's fields), so
 * each message sits next to its field; empty when the failure is not about any of them (show it for the
 * whole form then).
 */
export function fieldErrorsOf<Field extends string>(failure: Failure, fields: readonly Field[]): FieldErrors<Field> {
  const own = FIELD_FAILURES[failure.code];
  if (own) return (fields as readonly string[]).includes(own.field) ? ({ [own.field]: own.code } as FieldErrors<Field>) : {};
  const named = NAMED_FIELD_FAILURES[failure.code];
  if (!named || !failure.fields) return {};
  const refused = failure.fields;
  return Object.fromEntries(fields.filter((field) => field in refused).map((field) => [field, named])) as FieldErrors<Field>;
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
