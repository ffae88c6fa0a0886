import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH, passwordRequirements, type KnownAboutCustomer, type PasswordRequirement } from '../../../contract/auth';
import { Icon } from '../../ui/Icon';

const ORDER: PasswordRequirement[] = ['length', 'letter', 'digit', 'personal'];

/**
 * The password rule (`passwordSchema`), one requirement per line, each marked met or unmet as the
 * customer types. Announced politely, so a screen reader hears a requirement change without losing focus.
 * `known` is what the form knows of the customer (the e-mail address, the name), which the password must
 * not contain.
 */
export function PasswordRequirements({ password, known, id }: { password: string; known: KnownAboutCustomer; id: string }) {
  const { t } = useTranslation();
  const met = passwordRequirements(password, known);
  return (
    <ul className="requirements" id={id} aria-live="polite" aria-label={t('register.passwordRule.title')}>
      {ORDER.map((requirement) => (
        <li key={requirement} data-met={met[requirement]} data-testid={`password-rule-${requirement}`}>
          {met[requirement] ? <Icon name="check" /> : <span className="requirement-mark" aria-hidden="true" />}
          <span>{t(`register.passwordRule.${requirement}`, { count: PASSWORD_MIN_LENGTH })}</span>
          <span className="visually-hidden">{met[requirement] ? t('register.passwordRule.met') : t('register.passwordRule.unmet')}</span>
        </li>
      ))}
    </ul>
  );
}
