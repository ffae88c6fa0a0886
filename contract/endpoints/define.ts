import type { CustomerRule } from '../customerRules';
import type { ApiErrorCode } from '../errors';
import { z } from 'zod';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: `none` — anyone; `optional` — anyone, and a valid bearer token ties the call to its
 * customer; `bearer` — only with a valid `Authorization: Bearer <auth_token>` (else 401).
 */
export type AuthMode = 'none' | 'optional' | 'bearer';

/**
 * What some refusals carry besides code, message and fields: by code, the schema of the error object
 * (`{ error: {…} }`) that reads it. The app parses a refusal with it once, as it arrives, and loads
 * these schemas only then (scripts/vite-plugins.ts), never with the entry.
 */
export type ErrorDataSchemas = Partial<Record<ApiErrorCode, z.ZodType>>;

export interface EndpointMeta<
  Auth extends AuthMode = AuthMode,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  ErrorData extends ErrorDataSchemas | undefined = ErrorDataSchemas | undefined,
> {
  /** One line for the API reference. */
  summary: string;
  auth: Auth;
  /**
   * Status of a successful answer; 200 unless stated. 303: the answer is a redirect for the browser
   * (`Location`), not JSON — the OpenID Connect callbacks, which the provider sends the browser to.
   */
  status?: 200 | 201 | 303;
  /** The body is an HTML form (`application/x-www-form-urlencoded`) instead of JSON: Apple's form_post. */
  form?: true;
  /** Schema of the query string, for the few reads that take one. */
  query?: Query;
  /**
   * Money endpoints: the `Idempotency-Key` header is required and a repeated request answers the
   * stored first answer instead of running again.
   */
  idempotent?: boolean;
  /**
   * Called only by the app itself, with a cookie as the credential: refused with 403 `cross_origin_refused`
   * unless the request is JSON (even without a body) and its `Origin` is the app's own, so no other
   * site's form or script can make a signed-in browser call it.
   */
  sameOrigin?: true;
  /**
   * A tool of demo mode: mounted only in demo mode (never in production) with the server listening on
   * loopback, and answered only to a caller whose own socket is on this machine.
   */
  demoOnly?: boolean;
  /**
   * Only customers with this role may call; anyone else gets 404 `not_found`, as if it did not exist.
   */
  role?: 'admin';
  /**
   * What the caller must have done first (`CUSTOMER_RULES`), checked right after the role: a customer who
   * has not is refused with the first unmet rule's code before anything else runs — the body is not
   * read and no step-up is asked for or spent. Every money (`idempotent`) and address-book endpoint
   * declares it, `[]` when it deliberately needs nothing (tests/security/requires.test.ts).
   */
  requires?: readonly CustomerRule[];
  /**
   * Mounted only in demo mode (DEMO_MODE; never in production), from any address: what it does is safe
   * only on test money. Unlike `demoOnly`, callers are not limited to this machine (pair it with `role`).
   */
  demoMode?: true;
  /**
   * Codes this endpoint answers besides those every endpoint of its kind may answer: `invalid_json`,
   * `unsupported_media_type`, `payload_too_large`, `validation_failed` (any endpoint: a NUL byte or prototype key
   * in path or query; with a body or query, the schema),
   * `unauthorized`, `session_idle` and `session_expired` (bearer), `idempotency_key_*` (idempotent), `temporarily_unavailable`,
   * `internal_error`.
   */
  errors?: readonly ApiErrorCode[];
  /** The data some of those refusals carry, by code (`ErrorDataSchemas`). */
  errorData?: ErrorData;
  /**
   * The answer is a file to save, not JSON: the handler gives `fileAnswerSchema` (contract/statements.ts)
   * and the body is sent as it is with its `Content-Type`, `Content-Disposition: attachment` and
   * `Cache-Control: no-store`. Lists the media types it may be sent as, for the API reference.
   */
  download?: readonly string[];
  /**
   * The one kind of body that is not JSON: `multipart/form-data` with a single file in the form field
   * `field`, at most `maxBytes` (the route reads the media type from the bytes). The body schema is
   * then undefined; parameters travel in the path.
   */
  upload?: { field: string; maxBytes: number };
  /**
   * The answer is a stream of Server-Sent Events (`text/event-stream`), each event's data a JSON value of
   * the answer schema. Mounted by `mountEventStream` (server/http/route.ts), never compressed.
   */
  eventStream?: true;
}

/** What the client needs to make a call. */
export interface Endpoint<Body extends z.ZodType | undefined, Answer extends z.ZodType> {
  method: HttpMethod;
  /** Relative to the API base (`/api`); `:name` segments are path parameters. */
  path: string;
  body: Body;
  answer: Answer;
}

/** An entry of the table: the call plus what the server and the API reference need. */
export interface EndpointSpec<
  Body extends z.ZodType | undefined,
  Answer extends z.ZodType,
  Auth extends AuthMode = AuthMode,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  ErrorData extends ErrorDataSchemas | undefined = ErrorDataSchemas | undefined,
>
  extends Endpoint<Body, Answer>, EndpointMeta<Auth, Query, ErrorData> {}

/** Pure: lets the bundler drop the entries (and schemas) the app never calls by this table. */
export /* @__NO_SIDE_EFFECTS__ */ function endpoint<
  Body extends z.ZodType | undefined,
  Answer extends z.ZodType,
  const Auth extends AuthMode,
  Query extends z.ZodType | undefined = undefined,
  ErrorData extends ErrorDataSchemas | undefined = undefined,
>(
  method: HttpMethod,
  path: string,
  body: Body,
  answer: Answer,
  meta: EndpointMeta<Auth, Query, ErrorData>,
): EndpointSpec<Body, Answer, Auth, Query, ErrorData> {
  return { method, path, body, answer, ...meta };
}
