import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Failure } from '../../../machines/failure';
import { useLocalize } from '../../app/context';
import { Button } from '../../ui/Button';
import { failureText } from '../shared/failureText';

/** API and app codes the KYC screens explain in their own words (`kyc.failure.<code>`). */
const KYC_FAILURES: ReadonlySet<string> = new Set([
  'kyc_steps_incomplete',
  'kyc_not_editable',
  'kyc_file_type_refused',
  'kyc_file_unsafe',
  'payload_too_large',
  'signature_too_short',
  'terms_version_outdated',
]);

export function kycFailureText(t: TFunction, failure: Failure): string {
  return failureText(t, 'kyc.failure', KYC_FAILURES, failure);
}

/** The draft could not be read: say so, with “Try again”. */
export function KycUnavailable({ failure, onRetry }: { failure: Failure | null; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="card stack" role="alert">
      <p>{failure ? kycFailureText(t, failure) : t('failure.unknown')}</p>
      <Button onClick={onRetry}>{t('kyc.retry')}</Button>
    </div>
  );
}

/** Back to the overview, once a step is done. */
export function BackToOverview() {
  const { t } = useTranslation();
  const localize = useLocalize();
  return (
    <Link className="button button--primary" to={localize('/kyc')}>
      {t('kyc.backToOverview')}
    </Link>
  );
}
