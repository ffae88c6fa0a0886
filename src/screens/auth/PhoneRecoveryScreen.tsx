import { shallowEqual, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { phoneRecoveryMachine } from '../../../machines/phoneRecovery.machine';
import { phoneRecoveryView } from '../../../machines/phoneRecovery.view';
import { phoneRecoveryActors } from '../../app/actors/phoneRecovery';
import { useFlowActor, useLocale, useLocalize } from '../../app/context';
import { readPendingChallenge } from '../../app/twoFactorChallenge';
import { formatDate } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { CodeField } from '../../ui/CodeField';
import { ResendCode } from '../../ui/ResendCode';
import { TextField } from '../../ui/TextField';
import { codeFailureMessage } from '../shared/CodeFeedback';
import { failureText } from '../../ui/failureText';

/** Lost phone, from the SMS step of a sign-in: the phoneRecovery statechart, this view only shows it. */
export function PhoneRecoveryScreen() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const locale = useLocale();
  const [challenge] = useState(() => readPendingChallenge());
  const flow = useFlowActor(phoneRecoveryMachine, phoneRecoveryActors, { input: { challenge } });
  const view = useSelector(flow, phoneRecoveryView, shallowEqual);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');

  if (view.step === 'leaving') return null;

  if (view.step === 'scheduled') {
    return (
      <section className="form" aria-labelledby="recovery-scheduled">
        <h2 id="recovery-scheduled">{t('phoneRecovery.scheduledTitle')}</h2>
        <p role="status">
          {t('phoneRecovery.scheduled', {
            when: formatDate(new Date(view.effectiveAt!), locale, { dateStyle: 'medium', timeStyle: 'short' }),
          })}
        </p>
        <p className="form-links">
          <Link to={localize('/login')}>{t('phoneRecovery.backToLogin')}</Link>
        </p>
      </section>
    );
  }

  if (view.step === 'passkey') {
    return (
      <section className="form" aria-labelledby="recovery-passkey">
        <h2 id="recovery-passkey">{t('phoneRecovery.passkeyTitle')}</h2>
        <p role="status">{t('phoneRecovery.passkey')}</p>
        <p className="form-links">
          <Link to={localize('/login')}>{t('phoneRecovery.backToLogin')}</Link>
        </p>
      </section>
    );
  }

  if (view.step === 'explain') {
    return (
      <div className="form" aria-busy={view.sending}>
        <p className="page-lead">{t('phoneRecovery.explain')}</p>
        <div className="form-alert" role="alert" aria-live="assertive">
          {view.failure ? failureText(t, 'phoneRecovery.errors', view.failure) : null}
        </div>
        <Button variant="primary" block busy={view.sending} onClick={() => flow.send({ type: 'RECOVERY_REQUESTED' })}>
          {view.sending ? t('phoneRecovery.starting') : t('phoneRecovery.start')}
        </Button>
        <p className="form-links">
          <Link to={localize('/2fa/phone')}>{t('phoneRecovery.backToCode')}</Link>
        </p>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    flow.send({ type: 'PROOF_SUBMITTED', code, password });
  };
  const proofError = view.failure ? failureText(t, 'phoneRecovery.errors', view.failure) : null;
  const passwordWrong = view.failure?.code === 'invalid_credentials';

  return (
    <form className="form" noValidate onSubmit={submit} aria-busy={view.confirming}>
      <p className="page-lead">
        {t('phoneRecovery.sentTo')}{' '}
        <bdi dir="ltr" className="email-address">
          {view.emailHint}
        </bdi>
      </p>
      <CodeField label={t('phoneRecovery.code')} value={code} onChange={setCode} error={passwordWrong ? null : proofError} />
      <TextField
        label={t('phoneRecovery.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        dir="ltr"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={passwordWrong ? proofError : null}
      />
      <Button variant="primary" block type="submit" busy={view.confirming}>
        {view.confirming ? t('phoneRecovery.submitting') : t('phoneRecovery.submit')}
      </Button>
      <ResendCode
        seconds={view.resendIn}
        sending={view.resending}
        disabled={view.confirming}
        resent={view.resent}
        error={view.resendFailure ? codeFailureMessage(t, view.resendFailure) : null}
        onResend={() => flow.send({ type: 'RESEND_REQUESTED' })}
      />
      <p className="form-links">
        <Link to={localize('/login')}>{t('phoneRecovery.backToLogin')}</Link>
      </p>
    </form>
  );
}
