import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

export interface ErrorPageProps {
  status: number;
  statusMessage: string;
  description: string;
  /** What the customer can do next (a link home, a reload button). */
  action?: ReactNode;
}

/** Status code, status message and description — the same page for 404 and every other error. */
export function ErrorPage({ status, statusMessage, description, action }: ErrorPageProps) {
  return (
    <section className="error-page" aria-labelledby="error-status" data-testid="error-page">
      <p className="error-code" aria-hidden="true">
        {status}
      </p>
      <h1 className="error-status" id="error-status">
        {statusMessage}
      </h1>
      <p className="error-description">{description}</p>
      {action}
    </section>
  );
}

/** The 404 a screen shows itself for a page that is not there (docs/product.md#errors), e.g. demo tools outside demo mode. */
export function PageNotFound() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <ErrorPage status={404} statusMessage={t('errors.notFound.status')} description={t('errors.notFound.withPath', { path: pathname })} />
  );
}
