import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toFailure } from '../../../machines/failure';
import { ErrorPage } from '../../ui/ErrorPage';
import { failureText } from '../../ui/failureText';

/** A demo tool the server does not have (demo mode off, or not an admin): the page does not exist. */
export const isMissing = (error: unknown) => toFailure(error).status === 404;

/** A failed demo tool's call in words (`simulate.failures`), or null when none failed. */
export function useFailureText(): (error: unknown) => string | null {
  const { t } = useTranslation();
  return (error) => (error ? failureText(t, 'simulate.failures', toFailure(error)) : null);
}

/** The 404 of a route that is not there (docs/product.md#errors): demo tools outside demo mode. */
export function PageNotFound() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <ErrorPage status={404} statusMessage={t('errors.notFound.status')} description={t('errors.notFound.withPath', { path: pathname })} />
  );
}
