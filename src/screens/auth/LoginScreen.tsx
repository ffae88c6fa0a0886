import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { TFunction } from 'i18next';
import type { Failure } from '../../../machines/parts/failure';
import { LOGIN_NOTICES, loginMachine, type LoginField, type LoginNotice } from '../../../machines/login/login.machine';
import { connectLogin } from '../../../machines/login/login.view';
import { useConnect, useFlowActor, useLocalize } from '../../app/context';
import { useHydrated } from '../../ui/useHydrated';
import { loginActors } from '../../app/actors/login';
import { passwordChangedHandoff } from '../../app/actors/forgotPassword';
import { Button } from '../../ui/Button';
import { Form, FormAlert } from '../../ui/Form';
import { TextField } from '../../ui/TextField';
import { SocialButtons } from './SocialSignInScreen';
import { PasskeySignIn } from './PasskeySignIn';
import { failureText } from '../../ui/failureText';
import { PayLinkPreview } from '../shared/PayLinkPreview';

function failureMessage(t: TFunction, failure: Failure): string {
  return failure.code === 'two_factor_expired' ? t('twoFactor.expired') : failureText(t, 'login.errors', failure);
}

/** E-mail and password sign-in; the flow is the login statechart, this view only shows it. */
export function LoginScreen() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const [params] = useSearchParams();
  // A completed password reset opens this page with the address (in navigation state, not the URL).
  const passwordChanged = passwordChangedHandoff(useLocation().state);
  // /2fa/phone sends the customer back with `notice` when the sign-in timed out; the session, when the
  // server ended it (idle, or at its end).
  const asked = params.get('notice');
  const notice = LOGIN_NOTICES.find((known): known is LoginNotice => known === asked) ?? null;
  const login = useFlowActor(loginMachine, loginActors, {
    input: { redirect: params.get('redirect'), home: localize('/'), notice },
  });
  const { busy, failure, isMissing, submit } = useConnect(login, connectLogin);
  // What was typed stays here, whatever the machine answers.
  const [email, setEmail] = useState(passwordChanged?.passwordChangedFor ?? '');
  const id = useId();
  const [password, setPassword] = useState('');
  // Painted from the prerendered HTML before the app runs: typing and submitting wait for it.
  const live = useHydrated();

  const fieldError = (field: LoginField) => (isMissing(field) ? t(`login.missing.${field}`) : null);
  const emailError = fieldError('email');
  const passwordError = fieldError('password');

  return (
    <>
      <PayLinkPreview redirect={params.get('redirect')} />
      <Form busy={busy} onSubmit={() => submit(email, password)}>
        <FormAlert>{failure ? failureMessage(t, failure) : null}</FormAlert>
        {passwordChanged && !failure ? (
          <p className="notice" role="status" id={`${id}-changed`}>
            {t('login.passwordChanged')}
          </p>
        ) : null}
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
          // After a reset the address is filled in: the new password is what is left to type, and the
          // notice describes the field, so a screen reader reads it on arrival.
          autoFocus={passwordChanged !== null}
          describedBy={passwordChanged && !failure ? `${id}-changed` : undefined}
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
      </Form>
    </>
  );
}
