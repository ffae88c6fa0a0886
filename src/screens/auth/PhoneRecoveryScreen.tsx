import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { phoneRecoveryMachine } from '../../../machines/phoneRecovery/phoneRecovery.machine';
import { connectPhoneRecovery } from '../../../machines/phoneRecovery/phoneRecovery.view';
import { phoneRecoveryActors } from '../../app/actors/phoneRecovery';
import { useConnect, useFlowActor, useLocale, useLocalize } from '../../app/context';
import { readPendingChallenge } from '../../app/twoFactorChallenge';
import { formatDate } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { Form, FormAlert } from '../../ui/Form';
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
  const view = useConnect(flow, connectPhoneRecovery);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');

  if (view.scheduled) {
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

  if (view.passkeyInstead) {
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

  if (view.explaining) {
    return (
      <Form busy={view.sending} onSubmit={view.start}>
        <p className="page-lead">{t('phoneRecovery.explain')}</p>
        <FormAlert>{view.failure ? failureText(t, 'phoneRecovery.errors', view.failure) : null}</FormAlert>
        <Button variant="primary" block type="submit" busy={view.sending}>
          {view.sending ? t('phoneRecovery.starting') : t('phoneRecovery.start')}
        </Button>
        <p className="form-links">
          <Link to={localize('/2fa/phone')}>{t('phoneRecovery.backToCode')}</Link>
        </p>
      </Form>
    );
  }

  // Leaving for /login or the app: nothing to show meanwhile.
  if (!view.askingProof) return null;

  const proofError = view.failure ? failureText(t, 'phoneRecovery.errors', view.failure) : null;
  const passwordWrong = view.passwordRefused;

  return (
    <Form busy={view.confirming} onSubmit={() => view.submit(code, password)}>
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
        onResend={view.resend}
      />
      <p className="form-links">
        <Link to={localize('/login')}>{t('phoneRecovery.backToLogin')}</Link>
      </p>
    </Form>
  );
}
