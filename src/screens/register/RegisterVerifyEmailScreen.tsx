import { useSelector } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_FAILURES, failureText } from '../shared/failureText';
import { ResendCode } from '../shared/ResendCode';
import { useRegistration } from './useRegistration';

/** The 6-digit code e-mailed at sign-up, with the resend countdown. */
export function RegisterVerifyEmailScreen() {
  const { t } = useTranslation();
  const registration = useRegistration('verifyEmail');
  const email = useSelector(registration, (s) => s.context.email);
  const promoRedeemed = useSelector(registration, (s) => s.context.promoRedeemed);
  const failure = useSelector(registration, (s) => s.context.failure);
  const checking = useSelector(registration, (s) => s.matches({ verifyingEmail: { code: 'checking' } }));
  const resendIn = useSelector(registration, (s) => s.context.resendInSeconds);
  const resending = useSelector(registration, (s) => s.matches({ verifyingEmail: { resend: 'resending' } }));
  const resendFailure = useSelector(registration, (s) => s.context.resendFailure);
  const [code, setCode] = useState('');
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    registration.send({ type: 'CODE_SUBMITTED', code });
  };
  const error = failure ? failureText(t, 'register.codeErrors', CODE_FAILURES, failure) : null;

  return (
    <form className="form" noValidate onSubmit={submit} aria-busy={checking}>
      <p className="page-lead">
        {email ? (
          <>
            {t('register.verify.sentTo')} <bdi dir="ltr">{email}</bdi>
          </>
        ) : (
          t('screens.registerVerifyEmail.lead')
        )}
      </p>
      {promoRedeemed ? (
        <p role="status">
          {t('register.promo.applied', { code: promoRedeemed })}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={`${id}-code`}>{t('register.verify.code')}</label>
        <input
          id={`${id}-code`}
          name="code"
          className="code-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          dir="ltr"
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\s/g, ''))}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error`}
        />
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      </div>
      <button className="button button--primary button--block" type="submit" disabled={checking}>
        {checking ? t('register.verify.checking') : t('register.verify.submit')}
      </button>
      <ResendCode seconds={resendIn} sending={resending} failure={resendFailure} onResend={() => registration.send({ type: 'RESEND_REQUESTED' })} />
    </form>
  );
}
