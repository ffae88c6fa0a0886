import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLocalize, useMe } from '../../app/context';
import { knownAppPath } from '../../routes/target';
import { Notice } from '../../ui/Notice';
import { useHydrated } from '../../ui/useHydrated';
import { PasskeysSection } from './security/PasskeysSection';
import { PasswordSection } from './security/PasswordSection';
import { PhoneSection } from '../shared/PhoneSection';
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

/**
 * Why the route guard sent the customer here (`?needs=phone`, machines/routeGuard/routeGuard.machine.ts) and, once a
 * phone is confirmed, the way back to the page they wanted (`next`, only ever a known page of the app).
 */
function NeedsPhoneNotice({ next, confirmed }: { next: ReturnType<typeof knownAppPath>; confirmed: boolean }) {
  const { t } = useTranslation();
  return (
    <Notice
      action={
        confirmed && next ? (
          <Link className="button button--primary" to={next.path}>
            {t('phoneNeeded.continue', { page: t(`screens.${next.routeId}.title`) })}
          </Link>
        ) : null
      }
    >
      {confirmed ? t('phoneNeeded.confirmed') : t('phoneNeeded.body')}
    </Notice>
  );
}

/** /profile/security: one section per protection, each in its own file under ./security. */
export function SecurityScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const [search] = useSearchParams();
  // The prerendered page has no query: the notice appears once the app is live, so taking over matches it.
  const needsPhone = useHydrated() && search.get('needs') === 'phone';
  const [phoneConfirmed, setPhoneConfirmed] = useState(false);
  // While the profile loads, the sections show as for most customers (verified), so nothing jumps.
  const unverified = me.data?.emailVerified === false ? me.data : null;
  return (
    <div className="stack">
      {needsPhone ? <NeedsPhoneNotice next={knownAppPath(search.get('next'))} confirmed={phoneConfirmed} /> : null}
      <p className="page-lead">{t('screens.profileSecurity.lead')}</p>
      {unverified ? (
        <VerifyEmailFirst email={unverified.email} />
      ) : (
        <>
          <PasskeysSection />
          <PhoneSection onConfirmed={setPhoneConfirmed} />
        </>
      )}
      <PasswordSection />
      <SessionsSection />
      <SecurityActivitySection />
    </div>
  );
}
