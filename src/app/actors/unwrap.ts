import type { ApiResult } from '../../api/client';
import { failure } from './failure';

const KNOWN_CODES = ['rate_limited', 'network_error', 'code_invalid', 'code_expired', 'code_attempts_exceeded', 'code_token_invalid'];

/** An API answer's data, or a failure with the server's code (a fallback code for unknown ones). */
export async function unwrap<T>(call: Promise<ApiResult<T>>, fallback?: { code: string; message: string }): Promise<T> {
  const result = await call;
  if (result.ok) return result.data;
  if (fallback && !KNOWN_CODES.includes(result.error.code)) throw failure(fallback, result.error);
  throw failure(result.error);
}
