import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalize, useMe } from '../../app/context';
import { PasskeysSection } from './security/PasskeysSection';
import { PasswordSection } from './security/PasswordSection';
import { PhoneSection } from './security/PhoneSection';
import { SecurityActivitySection } from './security/SecurityActivitySection';
import { SessionsSection } from './security/SessionsSection';

/**
 * Until the e-mail is verified the server refuses passkeys and a phone (pre-hijacking), so instead of
 * those sections the customer sees why, and the way to the verification step.
 */
function VerifyEmailFirst({ email }: { email: string }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const id = useId();
  return (
    <section className="card stack" aria-labelledby={id} data-testid="email-unverified">
      <h2 id={id}>{t('emailUnverified.title')}</h2>
      <p>{t('emailUnverified.body', { email: `\u2068${email}\u2069` })}</p>
      <Link className="button button--primary" to={localize('/register/verify-email')}>
        {t('emailUnverified.action')}
      </Link>
    </section>
  );
}

/** /profile/security: one section per protection, each in its own file under ./security. */
export function SecurityScreen() {
  const { t } = useTranslation();
  const me = useMe();
  // While the profile loads, the sections show as for most customers (verified), so nothing jumps.
  const unverified = me.data?.emailVerified === false ? me.data : null;
  return (
    <div className="stack">
      <p className="page-lead">{t('screens.profileSecurity.lead')}</p>
      {unverified ? (
        <VerifyEmailFirst email={unverified.email} />
      ) : (
        <>
          <PasskeysSection />
          <PhoneSection />
        </>
      )}
      <PasswordSection />
      <SessionsSection />
      <SecurityActivitySection />
    </div>
  );
}
