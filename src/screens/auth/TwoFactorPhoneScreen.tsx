import { useActorRef, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalize, useSystem } from '../../app/context';
import { adoptChallengeFromFragment, readPendingChallenge } from '../../app/twoFactorChallenge';
import { Button } from '../../ui/Button';
import { CodeField } from '../shared/CodeField';
import { ResendCode, codeFailureMessage, cooldownOf } from '../shared/CodeFeedback';

/** The SMS code step of signing in; the flow is the twoFactorPhone statechart, this view only shows it. */
export function TwoFactorPhoneScreen() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const { flows } = useSystem();
  // Read once: the challenge /login kept in session storage (a reload keeps it), or the one Google or
  // Apple sign-in brought in the address's fragment — kept the same way, then removed from the address.
  const [challenge] = useState(() => {
    if (adoptChallengeFromFragment(window.location.hash, localize('/'))) {
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    }
    return readPendingChallenge();
  });
  const flow = useActorRef(flows.twoFactorPhone, { input: { challenge } });
  const waiting = useSelector(flow, (s) => s.matches('awaitingCode'));
  const verifying = useSelector(flow, (s) => s.matches({ awaitingCode: { code: 'verifying' } }) || s.matches('signedIn'));
  const resendAvailable = useSelector(flow, (s) => s.matches({ awaitingCode: { resend: 'available' } }));
  const resending = useSelector(flow, (s) => s.matches({ awaitingCode: { resend: 'sending' } }));
  const cooldown = useSelector(flow, cooldownOf);
  const { phoneHint, failure, resendFailure, codeResent } = useSelector(
    flow,
    (s) => s.context,
    (a, b) => a === b,
  );
  const [code, setCode] = useState('');

  // Leaving for /login or the app: nothing to show meanwhile.
  if (!waiting && !verifying) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    flow.send({ type: 'CODE_SUBMITTED', code });
  };

  return (
    <form className="form" noValidate onSubmit={submit} aria-busy={verifying}>
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
        cooldown={cooldown}
        available={resendAvailable && !verifying}
        sending={resending}
        resent={codeResent}
        failure={resendFailure}
        onResend={() => flow.send({ type: 'RESEND_REQUESTED' })}
      />
      <p className="form-links">
        <Link to={localize('/login')}>{t('twoFactor.backToLogin')}</Link>
      </p>
    </form>
  );
}
