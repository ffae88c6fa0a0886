import { queryOptions } from '@tanstack/react-query';
import type { profileApi } from '../api/profile';
import { unwrap } from './actors/unwrap';
import { OPERATION_LIMITS_KEY } from './queryClient';

/** What is left of every limit of the customer's level (the top-up screens and /send show it before an amount is typed). */
export function operationLimitsQuery(api: ReturnType<typeof profileApi>) {
  return queryOptions({ queryKey: OPERATION_LIMITS_KEY, queryFn: ({ signal }) => unwrap(api.getLimits({ signal })) });
}
