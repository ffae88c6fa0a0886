import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CUSTOMER_RULES } from '../../../contract/customerRules';
import type { Failure } from '../../../machines/parts/failure';
import { ROUTE_MIDDLEWARE } from '../../../machines/routeGuard/routeGuard.machine';
import { useLocalize } from '../../app/context';
import { failureText } from '../../ui/failureText';

/**
 * A refusal's sentence (`failureText`, its placeholders filled from `values`). When an unverified e-mail address is the reason, the sentence
 * alone strands the customer who left the code step: it also leads to that step, which sends a new code.
 */
export function FailureMessage({ scope, failure, values }: { scope: string; failure: Failure; values?: Record<string, unknown> }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const text = failureText(t, scope, failure, values);
  if (failure.code !== CUSTOMER_RULES['email-verified']) return <>{text}</>;
  return (
    <>
      <span>{text}</span>{' '}
      <Link to={localize(ROUTE_MIDDLEWARE['email-verified'].unmetGoesTo)} data-testid="verify-email-link">
        {t('emailUnverified.action')}
      </Link>
    </>
  );
}
