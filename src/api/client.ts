import type { z } from 'zod';
import type { Endpoint, endpoints, ErrorDataSchemas, HttpMethod } from '../../contract/endpoints';
import { ACTIVITY, ACTIVITY_HEADER, type ActivityKind } from '../../contract/session';
import type { Failure } from '../../machines/parts/failure';

/**
 * A refused call: the server's stable code (`http_<status>` when the answer was not the API's error
 * shape, `network_error` with status 0 when none arrived), its message, fields and `Retry-After`, and
 * the data the endpoint's contract declares for the code, parsed by its schema.
 */
export type ApiFailure<Data = unknown> = Failure<Data> & { status: number; message: string };

export type ApiResult<T, Data = unknown> = { ok: true; data: T } | { ok: false; error: ApiFailure<Data> };

/** The data an endpoint's refusals may carry: one of its `errorData` schemas' outputs. */
export type ErrorDataOf<Schemas> = Schemas extends ErrorDataSchemas ? z.infer<NonNullable<Schemas[keyof Schemas]>> : never;

export interface ApiClientOptions {
  /** Defaults to `VITE_API_BASE`, else `/api`. */
  baseURL?: string;
  /** Read on every call, so a token set or cleared after login/logout applies at once. */
  getAuthToken: () => string | undefined;
  /**
   * Called once per call answered 401 (the session machine turns it into one event). Resolves true
   * when the session was renewed, and the call is then made once more with the new token.
   */
  onUnauthorized: () => Promise<boolean> | boolean | void;
  /**
   * Called once per call refused with `terms_not_accepted` (the customer accepted an older version of the
   * terms). Resolves true when the version in force was accepted, and the call is then made once more.
   */
  onTermsNotAccepted?: () => Promise<boolean>;
  fetch?: typeof fetch;
  /** Milliseconds before the one GET/HEAD retry. */
  retryDelay?: number;
  /** Called as a request the customer made leaves (not for `background` ones): the idle clock restarts. */
  onCustomerActivity?: () => void;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

interface BaseCallOptions {
  query?: QueryParams;
  /** Values for `:name` segments of the endpoint path. */
  pathParams?: Record<string, string | number>;
  /** `false` turns off the client's own GET/HEAD retry, for callers that retry themselves (TanStack Query). */
  retry?: false;
  /** `false` for the calls that renew the session themselves: their 401 must not wait for a renewal. */
  recoverSession?: false;
  /**
   * `background` for what the app does by itself (polling): it never keeps a session from going idle.
   * Everything else is the customer's doing (contract/session.ts, `X-Meridian-Activity`).
   */
  activity?: ActivityKind;
  /** Money endpoints: the request's `Idempotency-Key`, the same on a retry of the same request. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export type CallOptions<Body extends z.ZodType | undefined> = BaseCallOptions &
  (Body extends z.ZodType ? { body: z.infer<Body> } : { body?: never });

/** The options argument is required exactly when the endpoint takes a body. */
export type CallArgs<Body extends z.ZodType | undefined> = Body extends z.ZodType
  ? [options: CallOptions<Body>]
  : [options?: CallOptions<Body>];

/**
 * What a call needs at run time: method and path. The app gets these without the contract's schemas
 * (`virtual:meridian/endpoint-routes`); `schemas` is never present and only carries their types.
 */
export interface EndpointRoute<Body extends z.ZodType | undefined, Answer extends z.ZodType, Refusals = undefined> {
  method: HttpMethod;
  path: string;
  /** The endpoint's `errorData` schemas, loaded on the first refusal that may carry data (never with the entry). */
  errorData?: () => Promise<ErrorDataSchemas>;
  readonly schemas?: { body: Body; answer: Answer; errorData: Refusals };
}

/** The contract's endpoint table as the app has it: method and path, with the schemas' types only. */
export type EndpointRoutes = {
  [Name in keyof typeof endpoints]: EndpointRoute<
    (typeof endpoints)[Name]['body'],
    (typeof endpoints)[Name]['answer'],
    (typeof endpoints)[Name] extends { errorData: infer Schemas } ? Schemas : undefined
  >;
};

/** A file the server answered (a `download` endpoint of the contract), with the name it gave it. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

export interface ApiClient {
  call<Body extends z.ZodType | undefined, Answer extends z.ZodType, Refusals = undefined>(
    endpoint: Endpoint<Body, Answer> | EndpointRoute<Body, Answer, Refusals>,
    ...args: CallArgs<Body>
  ): Promise<ApiResult<z.infer<Answer>, ErrorDataOf<Refusals>>>;
  /** A GET of a `download` endpoint: the body as a Blob, not JSON; errors as for `call`. */
  download(endpoint: EndpointRoute<undefined, z.ZodType, unknown>, options?: BaseCallOptions): Promise<ApiResult<DownloadedFile>>;
  /** A POST of an `upload` endpoint: the form as `multipart/form-data` (the browser sets the boundary). */
  upload<Answer extends z.ZodType>(
    endpoint: EndpointRoute<undefined, Answer, unknown>,
    form: FormData,
    options?: BaseCallOptions,
  ): Promise<ApiResult<z.infer<Answer>>>;
  /**
   * A GET of an `eventStream` endpoint: `onEvent` gets each event's name and data; resolves when the
   * server ends the stream, rejects when it cannot open or breaks.
   */
  events(
    endpoint: EndpointRoute<undefined, z.ZodType>,
    options: { pathParams?: Record<string, string>; signal: AbortSignal; onEvent: (event: string, data: string) => void },
  ): Promise<void>;
}

const DEFAULT_BASE_URL: string = (import.meta.env.VITE_API_BASE as string | undefined) || '/api';
const DEFAULT_RETRY_DELAY = 200;
const RETRY_STATUS_CODES = [408, 409, 425, 429, 500, 502, 503, 504];
const IDEMPOTENT_METHODS: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD']);

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { getAuthToken, onUnauthorized, onTermsNotAccepted, onCustomerActivity, retryDelay = DEFAULT_RETRY_DELAY } = options;
  const baseURL = (options.baseURL ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  // Looked up per call, not kept: a fetch replaced after start (tests, instrumentation) applies.
  const fetchOnce = options.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));

  type AnyCallOptions = BaseCallOptions & { body?: unknown; file?: true };

  async function call(
    endpoint: EndpointRoute<z.ZodType | undefined, z.ZodType, unknown>,
    options: AnyCallOptions = {},
  ): Promise<ApiResult<unknown>> {
    const result = await renewing(endpoint, options);
    if (result.ok || result.error.code !== 'terms_not_accepted' || !onTermsNotAccepted) return result;
    // The same call once more after the customer accepted: the same body and Idempotency-Key, one payment.
    return (await onTermsNotAccepted()) ? renewing(endpoint, options) : result;
  }

  async function renewing(
    endpoint: EndpointRoute<z.ZodType | undefined, z.ZodType, unknown>,
    options: AnyCallOptions,
  ): Promise<ApiResult<unknown>> {
    const result = await send(endpoint, options);
    if (result.ok || result.error.status !== 401 || options.recoverSession === false) return result;
    // One renewal for a 401, then the same call once more; a second 401 is the caller's to handle.
    const renewed = await onUnauthorized();
    return renewed === true ? send(endpoint, options) : result;
  }

  /**
   * One request (with the GET/HEAD retry): the token is read afresh each time. The answer is not
   * checked again here: the server parses every answer with the contract's schema before sending it.
   */
  async function send(
    endpoint: EndpointRoute<z.ZodType | undefined, z.ZodType, unknown>,
    { body, query, pathParams, retry, signal, activity = ACTIVITY.customer, file, idempotencyKey }: AnyCallOptions,
  ): Promise<ApiResult<unknown>> {
    const headers: Record<string, string> = { Accept: file ? '*/*' : 'application/json', [ACTIVITY_HEADER]: activity };
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    if (activity === ACTIVITY.customer) onCustomerActivity?.();
    // The browser must write the multipart boundary itself.
    if (!(body instanceof FormData)) headers['Content-Type'] = 'application/json';
    const token = getAuthToken();
    if (token) headers.Authorization = `Bearer ${token}`;

    const url = baseURL + fillPath(endpoint.path, pathParams) + queryString(query);
    const init: RequestInit = {
      method: endpoint.method,
      headers,
      body: body === undefined || body instanceof FormData ? body : JSON.stringify(body),
      signal,
    };
    // One retry, of GET/HEAD only, on the listed statuses; a failed connection is never retried.
    const attempts = IDEMPOTENT_METHODS.has(endpoint.method) && retry !== false ? 2 : 1;
    try {
      let response = await fetchOnce(url, init);
      for (let attempt = 2; attempt <= attempts && RETRY_STATUS_CODES.includes(response.status); attempt += 1) {
        await response.body?.cancel();
        await new Promise((resolve) => setTimeout(resolve, retryDelay));
        response = await fetchOnce(url, init);
      }
      if (!response.ok) return { ok: false, error: await toFailure(response, endpoint.errorData) };
      if (file) {
        const disposition = response.headers.get('Content-Disposition') ?? '';
        const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'download';
        return { ok: true, data: { blob: await response.blob(), filename } satisfies DownloadedFile };
      }
      return { ok: true, data: await readBody(response) };
    } catch (thrown) {
      // No answer, or its body cut off: refused connection, offline, aborted.
      return { ok: false, error: { status: 0, code: 'network_error', message: thrown instanceof Error ? thrown.message : String(thrown) } };
    }
  }

  const download: ApiClient['download'] = (endpoint, options = {}) =>
    call(endpoint, { ...options, file: true }) as Promise<ApiResult<DownloadedFile>>;

  const upload: ApiClient['upload'] = (endpoint, form, options = {}) => call(endpoint, { ...options, body: form }) as never;

  const events: ApiClient['events'] = async (endpoint, { pathParams, signal, onEvent }) => {
    // Loaded with the first stream (a pay link's requester), not with every page.
    const { readEventStream } = await import('../platform/eventStream');
    return readEventStream(baseURL + fillPath(endpoint.path, pathParams), getAuthToken(), onEvent, signal);
  };

  // The generic signature cannot be checked against one implementation; CallArgs guarantees the shapes.
  return { call: call as ApiClient['call'], download, upload, events };
}

function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** `?a=1&b=x` from the defined values, `''` when there are none. */
function queryString(query: QueryParams = {}): string {
  const pairs = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value ?? ''))}`);
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

/** The answer's body: JSON when it says so (or says nothing) and parses, else its text; none when empty. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('Content-Type') ?? '';
  if (type && !/json/i.test(type)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A refusal as a Failure: the API's error shape when the body has it (else `http_<status>`), with its data. */
async function toFailure(response: Response, errorData?: () => Promise<ErrorDataSchemas>): Promise<ApiFailure> {
  const { status } = response;
  const body = await readBody(response);
  const retryAfter = Number(response.headers.get('Retry-After'));
  const wait = Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {};
  // A proxy or gateway may answer anything: the body is checked (zod/mini, loaded with the first error).
  const { apiErrorBodySchema } = await import('../../contract/errors');
  const stable = apiErrorBodySchema.safeParse(body);
  if (!stable.success) return { status, code: `http_${status}`, message: response.statusText || `HTTP ${status}`, ...wait };
  const { code, message, fields } = stable.data.error;
  // Read once, here, by the schema the endpoint declares for this code; data that does not match is left out.
  const schema = errorData && (await errorData().catch(() => undefined))?.[code as keyof ErrorDataSchemas];
  const data = schema?.safeParse((body as { error: unknown }).error);
  return { status, code, message, ...(fields ? { fields } : {}), ...wait, ...(data?.success ? { data: data.data } : {}) };
}
