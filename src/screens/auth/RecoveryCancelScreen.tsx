import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { recoveryCancelMachine } from '../../../machines/recoveryCancel/recoveryCancel.machine';
import { connectRecoveryCancel } from '../../../machines/recoveryCancel/recoveryCancel.view';
import { recoveryCancelActors } from '../../app/actors/phoneRecovery';
import { useConnect, useFlowActor, useLocalize } from '../../app/context';
import { Button } from '../../ui/Button';
import { Form, FormAlert } from '../../ui/Form';
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
  const { busy, done, invalid, failure, confirm } = useConnect(flow, connectRecoveryCancel);

  if (done) {
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
  if (invalid) {
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
    <Form busy={busy} onSubmit={confirm}>
      <p className="page-lead">{t('phoneRecovery.cancel.explain')}</p>
      <FormAlert>{failure ? failureText(t, 'errors', failure) : null}</FormAlert>
      <Button variant="primary" block type="submit" busy={busy}>
        {busy ? t('phoneRecovery.cancel.confirming') : t('phoneRecovery.cancel.confirm')}
      </Button>
    </Form>
  );
}
