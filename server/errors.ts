import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { API_ERRORS, type ApiErrorBody, type ApiErrorCode } from '../contract/errors';
import type { Quote } from '../contract/transfers';

/** A failure the client is meant to see: a stable code from the contract's catalogue. */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  /** Seconds, sent as `Retry-After` (rate limits). */
  readonly retryAfter: number | undefined;
  /** The fresh quote that replaces a refused one (`quote_expired`, `quote_used`). */
  readonly quote: Quote | undefined;

  constructor(code: ApiErrorCode, message?: string, options: { fields?: Record<string, string>; retryAfter?: number; quote?: Quote } = {}) {
    super(message ?? API_ERRORS[code].description);
    this.code = code;
    this.status = API_ERRORS[code].status;
    this.fields = options.fields;
    this.retryAfter = options.retryAfter;
    this.quote = options.quote;
  }
}

export function errorResponse(c: Context, error: ApiError): Response {
  const body: ApiErrorBody = {
    error: {
      code: error.code,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
      ...(error.quote ? { quote: error.quote } : {}),
    },
  };
  if (error.retryAfter !== undefined) c.header('Retry-After', String(error.retryAfter));
  return c.json(body, error.status as ContentfulStatusCode);
}
