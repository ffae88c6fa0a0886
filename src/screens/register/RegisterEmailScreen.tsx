import { useSelector } from '@xstate/react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DetailsField } from '../../../machines/registration.machine';
import { useLocale } from '../../app/context';
import { generalFailureText } from '../shared/failureText';
import { PasswordRequirements } from '../shared/PasswordRequirements';
import { countryOptions } from './countries';
import { useRegistration, useRegistrationHost } from './useRegistration';

/** E-mail, password, country of residence and terms; the registration statechart decides what happens. */
export function RegisterEmailScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const host = useRegistrationHost();
  const registration = useRegistration('details');
  const draft = useSelector(
    registration,
    (s) => s.context,
    (a, b) => a.email === b.email && a.country === b.country && a.acceptTerms === b.acceptTerms,
  );
  const fieldErrors = useSelector(registration, (s) => s.context.fieldErrors);
  const failure = useSelector(registration, (s) => s.context.failure);
  const busy = useSelector(registration, (s) => s.hasTag('busy'));
  // The password stays out of the machine: here and in the wizard's memory (kept across Back/Forward).
  const [password, setPassword] = useState(host.password.get);
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const id = useId();

  const typed = (change: Partial<{ email: string; country: string; acceptTerms: boolean }>) =>
    registration.send({
      type: 'DETAILS_TYPED',
      email: change.email ?? draft.email,
      country: change.country ?? draft.country,
      acceptTerms: change.acceptTerms ?? draft.acceptTerms,
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    registration.send({ type: 'DETAILS_SUBMITTED', email: draft.email, country: draft.country, acceptTerms: draft.acceptTerms, password });
  };
  const errorOf = (field: DetailsField) => {
    const code = fieldErrors[field];
    return code ? t(`register.errors.${field}.${code}`) : null;
  };
  const described = (field: DetailsField, ...more: string[]) => {
    const ids = [...(fieldErrors[field] ? [`${id}-${field}-error`] : []), ...more];
    return ids.length > 0 ? ids.join(' ') : undefined;
  };
  const fieldError = (field: DetailsField) => {
    const message = errorOf(field);
    return message ? (
      <p className="field-error" id={`${id}-${field}-error`}>
        {message}
      </p>
    ) : null;
  };

  return (
    <form className="form" noValidate onSubmit={submit} aria-busy={busy}>
      <p className="page-lead">{t('screens.registerEmail.lead')}</p>
      <div className="form-alert" role="alert" aria-live="assertive">
        {failure ? generalFailureText(t, failure) : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-email`}>{t('register.details.email')}</label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          dir="ltr"
          value={draft.email}
          onChange={(e) => typed({ email: e.target.value })}
          aria-invalid={fieldErrors.email ? true : undefined}
          aria-describedby={described('email')}
        />
        {fieldError('email')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-password`}>{t('register.details.password')}</label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="new-password"
          dir="ltr"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            host.password.set(e.target.value);
          }}
          aria-invalid={fieldErrors.password ? true : undefined}
          aria-describedby={described('password', `${id}-rule`)}
        />
        <PasswordRequirements password={password} id={`${id}-rule`} />
        {fieldError('password')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-country`}>{t('register.details.country')}</label>
        <select
          id={`${id}-country`}
          name="country"
          autoComplete="country"
          value={draft.country}
          onChange={(e) => typed({ country: e.target.value })}
          aria-invalid={fieldErrors.country ? true : undefined}
          aria-describedby={described('country')}
        >
          <option value="">{t('register.details.chooseCountry')}</option>
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
        {fieldError('country')}
      </div>
      <div className="field field--check">
        <input
          id={`${id}-terms`}
          name="acceptTerms"
          type="checkbox"
          checked={draft.acceptTerms}
          onChange={(e) => typed({ acceptTerms: e.target.checked })}
          aria-invalid={fieldErrors.acceptTerms ? true : undefined}
          aria-describedby={described('acceptTerms')}
        />
        <label htmlFor={`${id}-terms`}>{t('register.details.terms')}</label>
        {fieldError('acceptTerms')}
      </div>
      <button className="button button--primary button--block" type="submit" disabled={busy}>
        {busy ? t('register.details.submitting') : t('register.details.submit')}
      </button>
    </form>
  );
}
