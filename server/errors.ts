import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { API_ERRORS, type ApiErrorBody, type ApiErrorCode } from '../contract/errors';

/** A failure the client is meant to see: a stable code from the contract's catalogue. */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  /** Seconds, sent as `Retry-After` (rate limits). */
  readonly retryAfter: number | undefined;

  constructor(code: ApiErrorCode, message?: string, options: { fields?: Record<string, string>; retryAfter?: number } = {}) {
    super(message ?? API_ERRORS[code].description);
    this.code = code;
    this.status = API_ERRORS[code].status;
    this.fields = options.fields;
    this.retryAfter = options.retryAfter;
  }
}

export function errorResponse(c: Context, error: ApiError): Response {
  const body: ApiErrorBody = {
    error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
  };
  if (error.retryAfter !== undefined) c.header('Retry-After', String(error.retryAfter));
  return c.json(body, error.status as ContentfulStatusCode);
}
