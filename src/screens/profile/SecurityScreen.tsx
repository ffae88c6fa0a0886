import { useTranslation } from 'react-i18next';
import { PhoneSection } from './security/PhoneSection';

/** /profile/security: one section per sign-in factor, each in its own file under ./security. */
export function SecurityScreen() {
  const { t } = useTranslation();
  return (
    <>
      <p className="page-lead">{t('screens.profileSecurity.lead')}</p>
      <PhoneSection />
    </>
  );
}
