import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { connectRegistration } from '../../../machines/registration/registration.view';
import { useConnect } from '../../app/context';
import { Button } from '../../ui/Button';
import { CodeField } from '../../ui/CodeField';
import { Form } from '../../ui/Form';
import { ResendCode } from '../../ui/ResendCode';
import { failureText } from '../../ui/failureText';
import { useRegistration } from './useRegistration';

/** The 6-digit code e-mailed at sign-up, with the resend countdown. */
export function RegisterVerifyEmailScreen() {
  const { t } = useTranslation();
  const view = useConnect(useRegistration('verifyEmail'), connectRegistration);
  const { busy: checking, failure, draft } = view;
  const [code, setCode] = useState('');
  const error = failure ? failureText(t, 'register.codeErrors', failure) : null;

  return (
    <Form busy={checking} onSubmit={() => view.submitCode(code)}>
      <p className="page-lead">
        {draft.email ? (
          <>
            {t('register.verify.sentTo')} <bdi dir="ltr">{draft.email}</bdi>
          </>
        ) : (
          t('screens.registerVerifyEmail.lead')
        )}
      </p>
      {view.promoRedeemed ? <p role="status">{t('register.promo.applied', { code: view.promoRedeemed })}</p> : null}
      <CodeField label={t('register.verify.code')} value={code} onChange={setCode} error={error} />
      <Button variant="primary" block type="submit" busy={checking}>
        {checking ? t('register.verify.checking') : t('register.verify.submit')}
      </Button>
      <ResendCode
        seconds={view.resendIn}
        sending={view.resending}
        resent={view.resent}
        error={view.resendFailure ? failureText(t, 'errors', view.resendFailure) : null}
        onResend={view.resend}
      />
    </Form>
  );
}
