import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../ui/CodeField';
import { forgotPasswordMachine } from '../../../machines/forgotPassword/forgotPassword.machine';
import { forgotPasswordActors } from '../../app/actors/forgotPassword';
import { useConnect, useFlowActor, useLocalize } from '../../app/context';
import { Button } from '../../ui/Button';
import { Form } from '../../ui/Form';
import { TextField } from '../../ui/TextField';
import { failureText, fieldErrorText } from '../../ui/failureText';
import { PasswordRequirements } from '../shared/PasswordRequirements';
import { connectForgotPassword } from '../../../machines/forgotPassword/forgotPassword.view';
import { PasswordStrength } from '../../ui/PasswordStrength';
import { ResendCode } from '../../ui/ResendCode';

/** Password reset: e-mail, code, new password, then /login. One page; the statechart decides the step. */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const reset = useFlowActor(forgotPasswordMachine, forgotPasswordActors, { input: { signIn: localize('/login') } });
  const view = useConnect(reset, connectForgotPassword);
  const { busy, email, fieldError, failure } = view;
  // What was typed stays here through every step and error; the password never enters the machine.
  const [typedEmail, setTypedEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const id = useId();

  // The step's field error, in the sign-up form's words; else what went wrong for the step.
  const error =
    (fieldError && fieldErrorText(t, fieldError.field, fieldError.code)) ??
    (failure ? failureText(t, 'register.codeErrors', failure) : null);

  return (
    <Form busy={busy} onSubmit={() => view.submit({ email: typedEmail, code, password })}>
      {view.askingEmail ? (
        <>
          <p className="page-lead">{t('screens.forgotPassword.lead')}</p>
          <TextField
            label={t('forgotPassword.email')}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="username"
            dir="ltr"
            value={typedEmail}
            onChange={(e) => setTypedEmail(e.target.value)}
            error={error}
          />
          <Button variant="primary" block type="submit" busy={busy}>
            {busy ? t('forgotPassword.sending') : t('forgotPassword.sendCode')}
          </Button>
        </>
      ) : (
        <>
          <p className="page-lead">
            {t('forgotPassword.sentTo')} <bdi dir="ltr">{email}</bdi>
          </p>
          {view.askingCode ? (
            <CodeField label={t('forgotPassword.code')} value={code} onChange={setCode} error={error} />
          ) : (
            <TextField
              label={t('forgotPassword.newPassword')}
              name="password"
              type="password"
              autoComplete="new-password"
              dir="ltr"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={error}
              describedBy={`${id}-rule ${id}-strength`}
            >
              <PasswordRequirements password={password} known={{ email }} id={`${id}-rule`} />
              <PasswordStrength password={password} email={email} id={`${id}-strength`} />
            </TextField>
          )}
          <Button variant="primary" block type="submit" busy={busy}>
            {view.askingCode ? t('forgotPassword.next') : busy ? t('forgotPassword.saving') : t('forgotPassword.save')}
          </Button>
          <ResendCode
            seconds={view.resendIn}
            sending={view.resending}
            resent={view.resent}
            error={view.resendFailure ? failureText(t, 'errors', view.resendFailure) : null}
            onResend={view.resend}
          />
          <p className="form-links">
            <Button variant="link" onClick={view.changeEmail}>
              {t('forgotPassword.changeEmail')}
            </Button>
            {view.changeCode ? (
              <Button variant="link" onClick={view.changeCode}>
                {t('forgotPassword.changeCode')}
              </Button>
            ) : null}
          </p>
        </>
      )}
    </Form>
  );
}
