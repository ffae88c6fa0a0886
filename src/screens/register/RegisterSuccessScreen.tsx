import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalize } from '../../app/context';

/**
 * The end of sign-up; also reachable later when signed in, so it depends on no wizard state. It leads to
 * the intro carousel, which goes straight home when the customer saw it already (on any device).
 */
export function RegisterSuccessScreen() {
  const { t } = useTranslation();
  const localize = useLocalize();
  return (
    <div className="stack">
      <p className="page-lead">{t('screens.registerSuccess.lead')}</p>
      <p>{t('register.success.body')}</p>
      <Link className="button button--primary button--block" to={localize('/onboarding/intro')}>
        {t('register.success.home')}
      </Link>
    </div>
  );
}
