import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { recoveryCancelMachine } from '../../../machines/recoveryCancel.machine';
import { recoveryCancelActors } from '../../app/actors/phoneRecovery';
import { useFlowActor, useLocalize } from '../../app/context';
import { Button } from '../../ui/Button';
import { failureText } from '../../ui/failureText';

/** The cancel link's page (/recovery/cancel#token): the recoveryCancel statechart, this view only shows it. */
export function RecoveryCancelScreen() {
  const { t } = useTranslation();
  const localize = useLocalize();
  // The token rides in the fragment (never sent to a server); taken once, then dropped from the address bar.
  const [token] = useState(() => {
    const value = window.location.hash.replace(/^#/, '') || null;
    if (value) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    return value;
  });
  const flow = useFlowActor(recoveryCancelMachine, recoveryCancelActors, { input: { token } });
  const { step, failure } = useSelector(
    flow,
    (s) => ({
      step: s.hasTag('done') ? 'done' : s.hasTag('invalid') ? 'invalid' : 'ask',
      failure: s.context.failure,
    }),
    (a, b) => a.step === b.step && a.failure === b.failure,
  );
  const busy = useSelector(flow, (s) => s.hasTag('busy'));

  if (step === 'done') {
    return (
      <section className="form" aria-labelledby="cancel-done">
        <h2 id="cancel-done">{t('phoneRecovery.cancel.doneTitle')}</h2>
        <p role="status">{t('phoneRecovery.cancel.done')}</p>
        <p className="form-links">
          <Link to={localize('/forgot-password')}>{t('phoneRecovery.cancel.resetPassword')}</Link>
          <Link to={localize('/login')}>{t('phoneRecovery.cancel.login')}</Link>
        </p>
      </section>
    );
  }
  if (step === 'invalid') {
    return (
      <section className="form" aria-labelledby="cancel-invalid">
        <h2 id="cancel-invalid">{t('phoneRecovery.cancel.invalidTitle')}</h2>
        <p role="status">{t('phoneRecovery.cancel.invalid')}</p>
        <p className="form-links">
          <Link to={localize('/login')}>{t('phoneRecovery.cancel.login')}</Link>
        </p>
      </section>
    );
  }
  return (
    <div className="form" aria-busy={busy}>
      <p className="page-lead">{t('phoneRecovery.cancel.explain')}</p>
      <div className="form-alert" role="alert" aria-live="assertive">
        {failure ? failureText(t, 'errors', failure) : null}
      </div>
      <Button variant="primary" block busy={busy} onClick={() => flow.send({ type: 'CANCEL_CONFIRMED' })}>
        {busy ? t('phoneRecovery.cancel.confirming') : t('phoneRecovery.cancel.confirm')}
      </Button>
    </div>
  );
}
