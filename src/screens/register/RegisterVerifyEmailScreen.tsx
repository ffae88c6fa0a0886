import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { CodeField } from '../shared/CodeField';
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
      {promoRedeemed ? <p role="status">{t('register.promo.applied', { code: promoRedeemed })}</p> : null}
      <CodeField label={t('register.verify.code')} value={code} onChange={setCode} error={error} />
      <Button variant="primary" block type="submit" busy={checking}>
        {checking ? t('register.verify.checking') : t('register.verify.submit')}
      </Button>
      <ResendCode
        seconds={resendIn}
        sending={resending}
        failure={resendFailure}
        onResend={() => registration.send({ type: 'RESEND_REQUESTED' })}
      />
    </form>
  );
}
