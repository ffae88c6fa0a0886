import { useTranslation } from 'react-i18next';
import { PasskeysSection } from './security/PasskeysSection';
import { PasswordSection } from './security/PasswordSection';
import { PhoneSection } from './security/PhoneSection';
import { SessionsSection } from './security/SessionsSection';

/** /profile/security: one section per protection, each in its own file under ./security. */
export function SecurityScreen() {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <p className="page-lead">{t('screens.profileSecurity.lead')}</p>
      <PasskeysSection />
      <PhoneSection />
      <PasswordSection />
      <SessionsSection />
    </div>
  );
}
