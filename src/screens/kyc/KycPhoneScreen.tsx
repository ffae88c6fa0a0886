import { useTranslation } from 'react-i18next';
import { useMe } from '../../app/context';
import { ScreenSkeleton } from '../../ui/Skeleton';
import { PhoneSection } from '../shared/PhoneSection';
import { BackToOverview } from './shared';

/**
 * /kyc/phone: the phone set-and-confirm flow of the security page; a confirmed phone is the step done
 * (the server reads it from the customer, so nothing else is saved here).
 */
export function KycPhoneScreen() {
  const { t } = useTranslation();
  const me = useMe();
  if (!me.data) return <ScreenSkeleton label={t('kyc.loading')} />;
  return (
    <div className="stack">
      <p className="page-lead">{t('screens.kycPhone.lead')}</p>
      {me.data.phoneConfirmed ? (
        <p role="status" className="notice" data-testid="kyc-phone-done">
          {t('kyc.phone.done')}
        </p>
      ) : null}
      <PhoneSection />
      {me.data.phoneConfirmed ? <BackToOverview /> : null}
    </div>
  );
}
