import type { ApiResult } from '../../api/client';
import { asError } from '../../../machines/parts/failure';

/**
 * An API answer's data, or its failure thrown as it is (an Error carrying the `Failure`): the one way
 * actors and queries turn a result into a value, so machines and TanStack Query hold the same shape.
 */
export async function unwrap<T, Data>(call: Promise<ApiResult<T, Data>> | ApiResult<T, Data>): Promise<T> {
  const result = await call;
  if (result.ok) return result.data;
  throw asError(result.error);
}
