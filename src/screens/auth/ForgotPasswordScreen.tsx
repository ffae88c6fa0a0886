import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../shared/CodeField';
import { forgotPasswordMachine } from '../../../machines/forgotPassword.machine';
import { forgotPasswordActors } from '../../app/actors/forgotPassword';
import { useFlowMachine, useLocalize } from '../../app/context';
import { CODE_FAILURES, failureText, generalFailureText } from '../shared/failureText';
import { PasswordRequirements } from '../shared/PasswordRequirements';
import { forgotPasswordView } from '../../../machines/forgotPassword.view';
import { ResendCode } from '../../ui/ResendCode';

const OWN_FAILURES: ReadonlySet<string> = new Set(['email_malformed', 'password_weak', 'validation_failed']);

/** Password reset: e-mail, code, new password, then signed in. One page; the statechart decides the step. */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const reset = useActorRef(useFlowMachine(forgotPasswordMachine, forgotPasswordActors), { input: { home: localize('/') } });
  const view = useSelector(reset, forgotPasswordView, shallowEqual);
  const { step, busy, email, failure } = view;
  // What was typed stays here through every step and error; the password never enters the machine.
  const [typedEmail, setTypedEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const id = useId();

  // A refused body on the e-mail step can only be about the address.
  const shown = failure && step === 'email' && failure.code === 'validation_failed' ? { code: 'email_malformed' } : failure;
  const error = shown
    ? CODE_FAILURES.has(shown.code)
      ? failureText(t, 'register.codeErrors', CODE_FAILURES, shown)
      : failureText(t, 'forgotPassword.errors', OWN_FAILURES, shown)
    : null;
  const alert = (
    <p className="field-error" id={`${id}-error`} role="alert">
      {error}
    </p>
  );
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
          <div className="field">
            <label htmlFor={`${id}-email`}>{t('forgotPassword.email')}</label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="username"
              dir="ltr"
              value={typedEmail}
              onChange={(e) => setTypedEmail(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-error`}
            />
            {alert}
          </div>
          <button className="button button--primary button--block" type="submit" disabled={busy}>
            {busy ? t('forgotPassword.sending') : t('forgotPassword.sendCode')}
          </button>
        </>
      ) : (
        <>
          <p className="page-lead">
            {t('forgotPassword.sentTo')} <bdi dir="ltr">{email}</bdi>
          </p>
          {step === 'code' ? (
            <CodeField label={t('forgotPassword.code')} value={code} onChange={setCode} error={error} />
          ) : (
            <div className="field">
              <label htmlFor={`${id}-password`}>{t('forgotPassword.newPassword')}</label>
              <input
                id={`${id}-password`}
                name="password"
                type="password"
                autoComplete="new-password"
                dir="ltr"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${id}-error ${id}-rule`}
              />
              <PasswordRequirements password={password} id={`${id}-rule`} />
              {alert}
            </div>
          )}
          <button className="button button--primary button--block" type="submit" disabled={busy}>
            {step === 'code' ? t('forgotPassword.next') : busy ? t('forgotPassword.saving') : t('forgotPassword.save')}
          </button>
          <ResendCode
            seconds={view.resendIn}
            sending={view.resending}
            resent={view.resent}
            error={view.resendFailure ? generalFailureText(t, view.resendFailure) : null}
            onResend={() => reset.send({ type: 'RESEND_REQUESTED' })}
          />
          <p className="form-links">
            <button className="link-button" type="button" onClick={() => reset.send({ type: 'CHANGE_EMAIL' })}>
              {t('forgotPassword.changeEmail')}
            </button>
            {step === 'password' ? (
              <button className="link-button" type="button" onClick={() => reset.send({ type: 'CHANGE_CODE' })}>
                {t('forgotPassword.changeCode')}
              </button>
            ) : null}
          </p>
        </>
      )}
    </form>
  );
}
