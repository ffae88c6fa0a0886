import type { ApiResult } from '../../api/client';

/** A query's data, or the API error thrown for TanStack Query to hold. */
export function unwrapAnswer<T>(result: ApiResult<T>): T {
  if (!result.ok) throw result.error;
  return result.data;
}
