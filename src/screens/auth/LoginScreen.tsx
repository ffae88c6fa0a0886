import { useActorRef, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { TFunction } from 'i18next';
import type { Failure } from '../../../machines/failure';
import { loginMachine, type LoginField, type LoginNotice } from '../../../machines/login.machine';
import { useFlowMachine, useLocalize } from '../../app/context';
import { useHydrated } from '../../app/hydration';
import { loginActors } from '../../app/actors/login';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { SocialButtons } from './SocialSignInScreen';
import { PasskeySignIn } from './PasskeySignIn';
import { failureText } from '../shared/failureText';

/** Failures /login explains in its own words; the rest read as anywhere else (connection, rate limit, try again). */
const LOGIN_FAILURES: ReadonlySet<string> = new Set(['invalid_credentials', 'validation_failed']);

function failureMessage(t: TFunction, failure: Failure): string {
  return failure.code === 'two_factor_expired' ? t('twoFactor.expired') : failureText(t, 'login.errors', LOGIN_FAILURES, failure);
}

/** E-mail and password sign-in; the flow is the login statechart, this view only shows it. */
export function LoginScreen() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const [params] = useSearchParams();
  // /2fa/phone sends the customer back with `notice` when the sign-in timed out.
  const notice: LoginNotice | null = params.get('notice') === 'two_factor_expired' ? 'two_factor_expired' : null;
  const login = useActorRef(useFlowMachine(loginMachine, loginActors), {
    input: { redirect: params.get('redirect'), home: localize('/'), notice },
  });
  const busy = useSelector(login, (s) => s.hasTag('busy'));
  const failure = useSelector(login, (s) => s.context.failure);
  const missing = useSelector(login, (s) => s.context.missing);
  // What was typed stays here, whatever the machine answers.
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Painted from the prerendered HTML before the app runs: typing and submitting wait for it.
  const live = useHydrated();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.send({ type: 'CREDENTIALS_SUBMITTED', email, password });
  };
  const fieldError = (field: LoginField) => (missing.includes(field) ? t(`login.missing.${field}`) : null);
  const emailError = fieldError('email');
  const passwordError = fieldError('password');

  return (
    <form className="form" noValidate onSubmit={submit} aria-busy={busy}>
      <div className="form-alert" role="alert" aria-live="assertive">
        {failure ? failureMessage(t, failure) : null}
      </div>
      <TextField
        label={t('login.email')}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="username webauthn"
        dir="ltr"
        value={email}
        readOnly={!live}
        onChange={(e) => setEmail(e.target.value)}
        error={emailError}
      />
      <TextField
        label={t('login.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        dir="ltr"
        value={password}
        readOnly={!live}
        onChange={(e) => setPassword(e.target.value)}
        error={passwordError}
      />
      <Button variant="primary" block type="submit" busy={busy} disabled={!live}>
        {busy ? t('login.submitting') : t('login.submit')}
      </Button>
      <p className="form-links">
        <Link to={localize('/forgot-password')}>{t('login.forgot')}</Link>
        <Link to={localize('/register')}>{t('login.register')}</Link>
      </p>
      <PasskeySignIn autofill />
      <SocialButtons />
    </form>
  );
}
