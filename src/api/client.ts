import { createFetch, FetchError, type FetchOptions } from 'ofetch';
import { z } from 'zod';
import type { Endpoint, HttpMethod } from './contract/endpoints';
import { apiErrorBodySchema } from './contract/errors';

export interface ApiError {
  /** HTTP status; 0 when no answer arrived (network failure, aborted request). */
  status: number;
  /** The server's stable code, `http_<status>`, `network_error` or `invalid_answer`. */
  code: string;
  message: string;
  /** Per-field messages of a validation error, keyed by body field. */
  fields?: Record<string, string>;
  /** What the server answered, parsed when it was JSON. */
  body?: unknown;
}

export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiError };

export interface ApiClientOptions {
  /** Defaults to `VITE_API_BASE`, else `/api`. */
  baseURL?: string;
  /** Read on every call, so a token set or cleared after login/logout applies at once. */
  getAuthToken: () => string | undefined;
  /** Called once per call answered 401 (the session machine turns it into one event). */
  onUnauthorized: () => void;
  fetch?: typeof fetch;
  /** Milliseconds before the one GET/HEAD retry. */
  retryDelay?: number;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

interface BaseCallOptions {
  query?: QueryParams;
  /** Values for `:name` segments of the endpoint path. */
  pathParams?: Record<string, string | number>;
  /** `false` turns off the client's own GET/HEAD retry, for callers that retry themselves (TanStack Query). */
  retry?: false;
  signal?: AbortSignal;
}

export type CallOptions<Body extends z.ZodType | undefined> = BaseCallOptions &
  (Body extends z.ZodType ? { body: z.infer<Body> } : { body?: never });

/** The options argument is required exactly when the endpoint takes a body. */
export type CallArgs<Body extends z.ZodType | undefined> = Body extends z.ZodType
  ? [options: CallOptions<Body>]
  : [options?: CallOptions<Body>];

export interface ApiClient {
  call<Body extends z.ZodType | undefined, Answer extends z.ZodType>(
    endpoint: Endpoint<Body, Answer>,
    ...args: CallArgs<Body>
  ): Promise<ApiResult<z.infer<Answer>>>;
}

const DEFAULT_BASE_URL: string = (import.meta.env.VITE_API_BASE as string | undefined) || '/api';
const DEFAULT_RETRY_DELAY = 200;
const RETRY_STATUS_CODES = [408, 409, 425, 429, 500, 502, 503, 504];
const IDEMPOTENT_METHODS: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD']);

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { getAuthToken, onUnauthorized, retryDelay = DEFAULT_RETRY_DELAY } = options;
  // No `retry` default here on purpose: ofetch would apply it to POST too. Each call sets its own.
  const $fetch = createFetch({ fetch: options.fetch, defaults: { baseURL: options.baseURL ?? DEFAULT_BASE_URL } });

  async function call(
    endpoint: Endpoint<z.ZodType | undefined, z.ZodType>,
    { body, query, pathParams, retry, signal }: BaseCallOptions & { body?: unknown } = {},
  ): Promise<ApiResult<unknown>> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    // The browser must write the multipart boundary itself.
    if (!(body instanceof FormData)) headers['Content-Type'] = 'application/json';
    const token = getAuthToken();
    if (token) headers.Authorization = `Bearer ${token}`;

    let response;
    try {
      response = await $fetch.raw(fillPath(endpoint.path, pathParams), {
        method: endpoint.method,
        headers,
        body: body as FetchOptions['body'],
        query,
        signal,
        retry: IDEMPOTENT_METHODS.has(endpoint.method) && retry !== false ? 1 : 0,
        retryStatusCodes: RETRY_STATUS_CODES,
        retryDelay,
        // ofetch counts a failed connection as a 500 and would retry it; only the listed statuses retry.
        onRequestError: (context) => {
          context.options.retry = 0;
        },
      });
    } catch (thrown) {
      const error = toApiError(thrown);
      if (error.status === 401) onUnauthorized();
      return { ok: false, error };
    }

    const answer = endpoint.answer.safeParse(response._data);
    if (!answer.success) {
      return {
        ok: false,
        error: {
          status: response.status,
          code: 'invalid_answer',
          message: z.prettifyError(answer.error),
          body: response._data,
        },
      };
    }
    return { ok: true, data: answer.data };
  }

  // The generic signature cannot be checked against one implementation; CallArgs guarantees the shapes.
  return { call: call as ApiClient['call'] };
}

function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

function toApiError(thrown: unknown): ApiError {
  const response = thrown instanceof FetchError ? thrown.response : undefined;
  if (!response) {
    return {
      status: 0,
      code: 'network_error',
      message: thrown instanceof Error ? thrown.message : String(thrown),
    };
  }
  const { status } = response;
  const body: unknown = response._data;
  const stable = apiErrorBodySchema.safeParse(body);
  if (stable.success) {
    const { code, message, fields } = stable.data.error;
    return fields ? { status, code, message, fields, body } : { status, code, message, body };
  }
  return { status, code: `http_${status}`, message: response.statusText || `HTTP ${status}`, body };
}
