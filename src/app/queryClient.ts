import { QueryClient } from '@tanstack/react-query';

export const QUERY_RETRIES = 3;
export const QUERY_RETRY_CAP_MS = 30_000;

/** `GET /users-deposit-levels/limits`: read by the top-up screens and /send, out of date once money came or left. */
export const OPERATION_LIMITS_KEY = ['operationLimits'] as const;

/** 1 s, 2 s, 4 s … capped at 30 s. */
export function queryRetryDelay(failureCount: number): number {
  return Math.min(1000 * 2 ** failureCount, QUERY_RETRY_CAP_MS);
}

/**
 * A refusal (4xx) answers the same on a retry, except a timeout (408) or a rate limit (429); a server
 * error, a timeout of the network or no answer at all (status 0 or none) may pass on the next try.
 */
export function isWorthRetrying(error: unknown): boolean {
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  return typeof status !== 'number' || status < 400 || status >= 500 || status === 408 || status === 429;
}

/** Up to three retries of what may pass on a retry. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < QUERY_RETRIES && isWorthRetrying(error);
}

/**
 * Server data that is only displayed. Query functions call the API client with its own retry off, so a
 * failing GET makes at most 1 + 3 requests instead of (1 + 1) × 4.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
        gcTime: 5 * 60_000,
      },
      mutations: { retry: 0 },
    },
  });
}
