import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Failure } from '../../../machines/parts/failure';
import { useLocalize } from '../../app/context';
import { Button } from '../../ui/Button';
import { FailureMessage } from '../shared/FailureMessage';

/** A refusal of a KYC step, with the way to verification when an unverified e-mail address is the reason. */
export function KycFailure({ failure }: { failure: Failure }) {
  return <FailureMessage scope="kyc.failure" failure={failure} />;
}

/** The draft could not be read: say so, with “Try again”. */
export function KycUnavailable({ failure, onRetry }: { failure: Failure | null; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="card stack" role="alert">
      <p>{failure ? <KycFailure failure={failure} /> : t('errors.unknown')}</p>
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
