import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DetailsField } from '../../../machines/registration/registration.machine';
import { connectRegistration } from '../../../machines/registration/registration.view';
import { useConnect, useLocale } from '../../app/context';
import { Button } from '../../ui/Button';
import { Form, FormAlert } from '../../ui/Form';
import { PasswordStrength } from '../../ui/PasswordStrength';
import { CheckboxField, SelectField, TextField } from '../../ui/TextField';
import { failureText, fieldErrorText } from '../../ui/failureText';
import { LegalLinks } from '../shared/LegalLinks';
import { PasswordRequirements } from '../shared/PasswordRequirements';
import { countryOptions } from '../shared/countries';
import { useRegistration, useRegistrationHost } from './useRegistration';

/** E-mail, password, country of residence and terms; the registration statechart decides what happens. */
export function RegisterEmailScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const host = useRegistrationHost();
  const { draft, fieldErrors, failure, busy, typeDetails, submitDetails } = useConnect(useRegistration('details'), connectRegistration);
  // The password stays out of the machine: here and in the wizard's memory (kept across Back/Forward).
  const [password, setPassword] = useState(host.password.get);
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const id = useId();

  const errorOf = (field: DetailsField) => fieldErrorText(t, field, fieldErrors[field]);

  return (
    <Form busy={busy} onSubmit={() => submitDetails(password)}>
      <p className="page-lead">{t('screens.registerEmail.lead')}</p>
      <FormAlert>{failure ? failureText(t, 'errors', failure) : null}</FormAlert>
      <TextField
        label={t('register.details.email')}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        dir="ltr"
        value={draft.email}
        onChange={(e) => typeDetails({ email: e.target.value })}
        error={errorOf('email')}
      />
      <TextField
        label={t('register.details.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        dir="ltr"
        value={password}
        onChange={(e) => {
          setPassword(e.target.value);
          host.password.set(e.target.value);
        }}
        error={errorOf('password')}
        describedBy={`${id}-rule ${id}-strength`}
      >
        <PasswordRequirements password={password} known={{ email: draft.email }} id={`${id}-rule`} />
        <PasswordStrength password={password} email={draft.email} id={`${id}-strength`} />
      </TextField>
      <SelectField
        label={t('register.details.country')}
        name="country"
        autoComplete="country"
        value={draft.country}
        onChange={(e) => typeDetails({ country: e.target.value })}
        error={errorOf('country')}
        options={
          <>
            <option value="">{t('register.details.chooseCountry')}</option>
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </>
        }
      />
      <CheckboxField
        label={t('register.details.terms')}
        name="acceptTerms"
        checked={draft.acceptTerms}
        onChange={(e) => typeDetails({ acceptTerms: e.target.checked })}
        error={errorOf('acceptTerms')}
      >
        <LegalLinks />
      </CheckboxField>
      <Button variant="primary" block type="submit" busy={busy}>
        {busy ? t('register.details.submitting') : t('register.details.submit')}
      </Button>
    </Form>
  );
}
