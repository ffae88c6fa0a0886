import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalize } from '../../app/context';
import { Icon } from '../../ui/Icon';
import { useRegistration } from './useRegistration';

/** How to sign up: e-mail goes on in the wizard; Apple and Google are their own sign-in pages. */
export function RegisterScreen() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const registration = useRegistration('method');
  return (
    <div className="stack">
      <p className="page-lead">{t('screens.register.lead')}</p>
      <ul className="link-list">
        <li>
          <button type="button" onClick={() => registration.send({ type: 'EMAIL_CHOSEN' })}>
            <span className="label">{t('register.method.email')}</span>
            <Icon name="chevron" />
          </button>
        </li>
        <li>
          <Link to={localize('/auth/apple')}>
            <span className="label">{t('register.method.apple')}</span>
            <Icon name="chevron" />
          </Link>
        </li>
        <li>
          <Link to={localize('/auth/google')}>
            <span className="label">{t('register.method.google')}</span>
            <Icon name="chevron" />
          </Link>
        </li>
      </ul>
      <p className="form-links">
        <span>{t('register.method.haveAccount')}</span>
        <Link to={localize('/login')}>{t('register.method.logIn')}</Link>
      </p>
    </div>
  );
}
