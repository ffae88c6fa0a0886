import { shallowEqual, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { CodeField } from '../../ui/CodeField';
import { registrationView } from '../../../machines/registration/registration.view';
import { ResendCode } from '../../ui/ResendCode';
import { failureText } from '../../ui/failureText';
import { useRegistration } from './useRegistration';

/** The 6-digit code e-mailed at sign-up, with the resend countdown. */
export function RegisterVerifyEmailScreen() {
  const { t } = useTranslation();
  const registration = useRegistration('verifyEmail');
  const email = useSelector(registration, (s) => s.context.email);
  const promoRedeemed = useSelector(registration, (s) => s.context.promoRedeemed);
  const view = useSelector(registration, registrationView, shallowEqual);
  const { busy: checking, failure } = view;
  const [code, setCode] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    registration.send({ type: 'CODE_SUBMITTED', code });
  };
  const error = failure ? failureText(t, 'register.codeErrors', failure) : null;

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
        seconds={view.resendIn}
        sending={view.resending}
        resent={view.resent}
        error={view.resendFailure ? failureText(t, 'errors', view.resendFailure) : null}
        onResend={() => registration.send({ type: 'RESEND_REQUESTED' })}
      />
    </form>
  );
}
