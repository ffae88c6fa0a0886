import { shallowEqual, useSelector } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../ui/CodeField';
import { forgotPasswordMachine } from '../../../machines/forgotPassword.machine';
import { forgotPasswordActors } from '../../app/actors/forgotPassword';
import { useFlowActor, useLocalize } from '../../app/context';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { failureText, fieldErrorText } from '../../ui/failureText';
import { PasswordRequirements } from '../shared/PasswordRequirements';
import { forgotPasswordView } from '../../../machines/forgotPassword.view';
import { PasswordStrength } from '../../ui/PasswordStrength';
import { ResendCode } from '../../ui/ResendCode';

/** Password reset: e-mail, code, new password, then /login. One page; the statechart decides the step. */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const reset = useFlowActor(forgotPasswordMachine, forgotPasswordActors, { input: { signIn: localize('/login') } });
  const view = useSelector(reset, forgotPasswordView, shallowEqual);
  const { step, busy, email, fieldErrors, failure } = view;
  // What was typed stays here through every step and error; the password never enters the machine.
  const [typedEmail, setTypedEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const id = useId();

  // The step's field error, in the sign-up form's words; else what went wrong for the step.
  const field = step === 'code' ? null : step;
  const error =
    (field && fieldErrorText(t, field, fieldErrors[field])) ?? (failure ? failureText(t, 'register.codeErrors', failure) : null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (step === 'email') reset.send({ type: 'EMAIL_SUBMITTED', email: typedEmail });
    else if (step === 'code') reset.send({ type: 'CODE_SUBMITTED', code });
    else reset.send({ type: 'PASSWORD_SUBMITTED', password });
  };

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-busy={busy}>
      {step === 'email' ? (
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
          {step === 'code' ? (
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
            {step === 'code' ? t('forgotPassword.next') : busy ? t('forgotPassword.saving') : t('forgotPassword.save')}
          </Button>
          <ResendCode
            seconds={view.resendIn}
            sending={view.resending}
            resent={view.resent}
            error={view.resendFailure ? failureText(t, 'errors', view.resendFailure) : null}
            onResend={() => reset.send({ type: 'RESEND_REQUESTED' })}
          />
          <p className="form-links">
            <Button variant="link" onClick={() => reset.send({ type: 'CHANGE_EMAIL' })}>
              {t('forgotPassword.changeEmail')}
            </Button>
            {step === 'password' ? (
              <Button variant="link" onClick={() => reset.send({ type: 'CHANGE_CODE' })}>
                {t('forgotPassword.changeCode')}
              </Button>
            ) : null}
          </p>
        </>
      )}
    </form>
  );
}
