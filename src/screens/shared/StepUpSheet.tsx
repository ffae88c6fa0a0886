import { shallowEqual, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { Failure } from '../../../machines/parts/failure';
import type { stepUpMachine } from '../../../machines/stepUp/stepUp.machine';
import { stepUpView } from '../../../machines/stepUp/stepUp.view';
import { Button } from '../../ui/Button';
import { CodeField } from '../../ui/CodeField';
import { ResendCode } from '../../ui/ResendCode';
import { Sheet } from '../../ui/Sheet';
import { codeFailureMessage } from './CodeFeedback';
import { PasskeyFailureText } from './PasskeyFailureText';
import { failureText } from '../../ui/failureText';

type Translate = ReturnType<typeof useTranslation>['t'];

function codeFailure(t: Translate, failure: Failure): string {
  return failure.code === 'step_up_not_started' ? t('stepUp.errors.step_up_not_started') : codeFailureMessage(t, failure);
}

function CodeStep({ actor }: { actor: ActorRefFrom<typeof stepUpMachine> }) {
  const { t } = useTranslation();
  const view = useSelector(actor, stepUpView, shallowEqual);
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'CODE_SUBMITTED', code });
  };
  return (
    <form className="form" noValidate onSubmit={submit} aria-busy={view.verifying}>
      <p className="page-lead">{t(view.codeChannel === 'sms' ? 'stepUp.codeSentSms' : 'stepUp.codeSentEmail')}</p>
      <CodeField label={t('stepUp.code')} value={code} onChange={setCode} error={view.failure ? codeFailure(t, view.failure) : null} />
      <Button variant="primary" block type="submit" busy={view.verifying}>
        {view.verifying ? t('stepUp.confirming') : t('stepUp.confirm')}
      </Button>
      <ResendCode
        seconds={view.resendIn}
        sending={view.resending}
        disabled={view.verifying}
        resent={view.resent}
        error={view.resendFailure ? codeFailure(t, view.resendFailure) : null}
        onResend={() => actor.send({ type: 'RESEND_REQUESTED' })}
      />
      {view.canUsePasskey ? (
        <Button block disabled={view.verifying} onClick={() => actor.send({ type: 'PASSKEY_CHOSEN' })}>
          {t('stepUp.usePasskey')}
        </Button>
      ) : null}
    </form>
  );
}

type StepUpActor = ActorRefFrom<typeof stepUpMachine>;

/** The step-up a flow runs now, if any: flows invoke it with the id `stepUp`. */
export function stepUpChild(snapshot: { children: Record<string, unknown> }): StepUpActor | undefined {
  return snapshot.children.stepUp as StepUpActor | undefined;
}

/**
 * The one step-up, as a sheet over the page that asked for it: the flow that needs it invokes the
 * step-up machine and passes its actor here while it runs. Reusable by any action (card details,
 * withdrawals later). Closing it cancels the action.
 */
export function StepUpSheet({ actor }: { actor: ActorRefFrom<typeof stepUpMachine> | undefined }) {
  return actor ? <OpenStepUpSheet actor={actor} /> : null;
}

function OpenStepUpSheet({ actor }: { actor: ActorRefFrom<typeof stepUpMachine> }) {
  const { t } = useTranslation();
  const view = useSelector(actor, stepUpView, shallowEqual);
  const cancel = () => actor.send({ type: 'CANCELLED' });
  // During the passkey ceremony the Biometric Authentication sheet is the one on screen.
  return (
    <Sheet
      open={view.step !== 'done' && view.step !== 'passkey'}
      onClose={cancel}
      title={t('stepUp.title')}
      description={t('stepUp.lead', { action: t(`stepUp.actions.${view.action}`) })}
    >
      <div className="stack">
        {view.step === 'loading' ? (
          <p className="hint" role="status">
            {t('stepUp.preparing')}
          </p>
        ) : null}
        {view.step === 'passkeyOffered' ? (
          <>
            <p className="form-alert" role="alert">
              {t('stepUp.passkeyFailed')}
              {view.failure ? (
                <small className="form-alert-detail">
                  <PasskeyFailureText failure={view.failure} fallback="authentication_not_completed" />
                </small>
              ) : null}
            </p>
            <div className="button-row">
              <Button variant="primary" onClick={() => actor.send({ type: 'PASSKEY_CHOSEN' })}>
                {t('stepUp.usePasskey')}
              </Button>
              <Button onClick={() => actor.send({ type: 'CODE_CHOSEN' })}>{t('stepUp.useCode')}</Button>
            </div>
          </>
        ) : null}
        {view.step === 'code' ? <CodeStep actor={actor} /> : null}
        {view.step === 'failed' ? (
          <>
            <p className="form-alert" role="alert">
              {t('stepUp.failed')} {view.failure ? failureText(t, 'errors', view.failure) : null}
            </p>
            <Button variant="primary" onClick={() => actor.send({ type: 'RETRY' })}>
              {t('stepUp.retry')}
            </Button>
          </>
        ) : null}
        <Button onClick={cancel}>{t('stepUp.cancel')}</Button>
      </div>
    </Sheet>
  );
}
