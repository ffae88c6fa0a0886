import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { twoFactorPhoneMachine } from '../../../machines/twoFactorPhone/twoFactorPhone.machine';
import { useConnect, useFlowActor, useLocalize } from '../../app/context';
import { twoFactorPhoneActors } from '../../app/actors/twoFactorPhone';
import { adoptChallengeFromFragment, readPendingChallenge } from '../../app/twoFactorChallenge';
import { Button } from '../../ui/Button';
import { Form } from '../../ui/Form';
import { connectTwoFactorPhone } from '../../../machines/twoFactorPhone/twoFactorPhone.view';
import { ResendCode } from '../../ui/ResendCode';
import { CodeField } from '../../ui/CodeField';
import { codeFailureMessage } from '../shared/CodeFeedback';

/** The SMS code step of signing in; the flow is the twoFactorPhone statechart, this view only shows it. */
export function TwoFactorPhoneScreen() {
  const { t } = useTranslation();
  const localize = useLocalize();
  // Read once: the challenge /login kept in session storage (a reload keeps it), or the one Google or
  // Apple sign-in brought in the address's fragment — kept the same way, then removed from the address.
  const [challenge] = useState(() => {
    if (adoptChallengeFromFragment(window.location.hash, localize('/'))) {
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    }
    return readPendingChallenge();
  });
  const flow = useFlowActor(twoFactorPhoneMachine, twoFactorPhoneActors, { input: { challenge } });
  const view = useConnect(flow, connectTwoFactorPhone);
  const { verifying, phoneHint, failure } = view;
  const [code, setCode] = useState('');

  if (!view.showsForm) return null;

  return (
    <Form busy={verifying} onSubmit={() => view.submit(code)}>
      <p className="page-lead">
        {t('twoFactor.sentTo')}{' '}
        <bdi dir="ltr" className="phone-number">
          {phoneHint}
        </bdi>
      </p>
      <CodeField label={t('twoFactor.code')} value={code} onChange={setCode} error={failure ? codeFailureMessage(t, failure) : null} />
      <Button variant="primary" block type="submit" busy={verifying}>
        {verifying ? t('twoFactor.submitting') : t('twoFactor.submit')}
      </Button>
      <ResendCode
        seconds={view.resendIn}
        sending={view.resending}
        disabled={verifying}
        resent={view.resent}
        error={view.resendFailure ? codeFailureMessage(t, view.resendFailure) : null}
        onResend={view.resend}
      />
      <p className="form-links">
        <Link to={localize('/2fa/phone/lost')}>{t('phoneRecovery.lostPhone')}</Link>
        <Link to={localize('/login')}>{t('twoFactor.backToLogin')}</Link>
      </p>
    </Form>
  );
}
