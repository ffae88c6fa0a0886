import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../api/client';
import { ErrorPage } from '../../ui/ErrorPage';

/** An API failure kept by TanStack Query, with its stable code for the screen to translate. */
export class CallFailed extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
  ) {
    super(code);
  }
}

/** The answer's data, or the failure thrown for TanStack Query to keep. */
export function unwrap<T>(result: ApiResult<T>): T {
  if (!result.ok) throw new CallFailed(result.error.code, result.error.status);
  return result.data;
}

/** A demo tool the server does not have (demo mode off, or not an admin): the page does not exist. */
export const isMissing = (error: unknown) => error instanceof CallFailed && error.status === 404;

/** The codes the simulation forms explain in their own words; anything else is "try again". */
const KNOWN_FAILURES = new Set([
  'account_not_found',
  'amount_too_precise',
  'kyc_own_decision',
  'insufficient_funds',
  'network_not_supported',
  'limit_exceeded',
  'rate_stale',
  'validation_failed',
  'network_error',
]);

export function useFailureText(): (error: unknown) => string | null {
  const { t } = useTranslation();
  return (error) => {
    if (!error) return null;
    const code = error instanceof CallFailed ? error.code : 'unknown';
    return t(`simulate.failures.${KNOWN_FAILURES.has(code) ? code : 'unknown'}`);
  };
}

/** The 404 of a route that is not there (docs/product.md#errors): demo tools outside demo mode. */
export function PageNotFound() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <ErrorPage status={404} statusMessage={t('errors.notFound.status')} description={t('errors.notFound.withPath', { path: pathname })} />
  );
}
