import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { connectRegistration } from '../../../machines/registration/registration.view';
import { useConnect, useLocalize } from '../../app/context';
import { Icon } from '../../ui/Icon';
import { ListRow, ListRows } from '../../ui/ListRow';
import { useRegistration } from './useRegistration';

/** How to sign up: e-mail goes on in the wizard; Apple and Google are their own sign-in pages. */
export function RegisterScreen() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const { chooseEmail } = useConnect(useRegistration('method'), connectRegistration);
  return (
    <div className="stack">
      <p className="page-lead">{t('screens.register.lead')}</p>
      <ListRows>
        <ListRow label={t('register.method.email')} end={<Icon name="chevron" />} onClick={chooseEmail} />
        <ListRow
          label={t('register.method.apple')}
          end={<Icon name="chevron" />}
          link={(content) => <Link to={localize('/auth/apple')}>{content}</Link>}
        />
        <ListRow
          label={t('register.method.google')}
          end={<Icon name="chevron" />}
          link={(content) => <Link to={localize('/auth/google')}>{content}</Link>}
        />
      </ListRows>
      <p className="form-links">
        <span>{t('register.method.haveAccount')}</span>
        <Link to={localize('/login')}>{t('register.method.logIn')}</Link>
      </p>
    </div>
  );
}
