import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../../machines/routeGuard/routeGuard.machine';
import { useHydrated } from '../../ui/useHydrated';
import { useLocalize } from '../../app/context';
import { LanguageChoice } from '../shared/LanguageChoice';
import { SocialButtons } from './SocialSignInScreen';
import { PasskeySignIn } from './PasskeySignIn';

/** The signed-out landing page: sign up, log in, passkey sign-in and the language choice. */
export function WelcomeScreen() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const [params] = useSearchParams();
  // The page asked for before signing in (the route guard's `redirect`), carried on to the login page.
  // Read once hydrated: the prerendered page has no query, and its links must hydrate as rendered.
  const back = useHydrated() ? safeRedirectPath(params.get('redirect')) : null;
  const login = localize('/login') + (back ? `?redirect=${encodeURIComponent(back)}` : '');
  return (
    <>
      <div className="hero">
        <p className="hero-tagline">{t('welcome.headline')}</p>
        <p className="page-lead">{t('welcome.body')}</p>
      </div>
      <div className="stack">
        <Link className="button button--primary button--block" to={localize('/register')}>
          {t('welcome.signUp')}
        </Link>
        <Link className="button button--secondary button--block" to={login}>
          {t('welcome.logIn')}
        </Link>
        <PasskeySignIn />
        <SocialButtons />
      </div>
      <section className="stack" aria-labelledby="welcome-language">
        <h2 id="welcome-language" className="page-lead">
          {t('language.choose')}
        </h2>
        <LanguageChoice />
      </section>
    </>
  );
}
