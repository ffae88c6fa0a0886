import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { Failure } from '../../../machines/parts/failure';
import type { stepUpMachine } from '../../../machines/stepUp/stepUp.machine';
import { connectStepUp } from '../../../machines/stepUp/stepUp.view';
import { useConnect } from '../../app/context';
import { Button } from '../../ui/Button';
import { Form, FormAlert } from '../../ui/Form';
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

function CodeStep({ view }: { view: StepUpView }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  return (
    <Form busy={view.verifying} onSubmit={() => view.submitCode(code)}>
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
        onResend={view.resend}
      />
      {view.canUsePasskey ? (
        <Button block disabled={view.verifying} onClick={view.usePasskey}>
          {t('stepUp.usePasskey')}
        </Button>
      ) : null}
    </Form>
  );
}

type StepUpActor = ActorRefFrom<typeof stepUpMachine>;
type StepUpView = ReturnType<typeof connectStepUp>;

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
  const view = useConnect(actor, connectStepUp);
  return (
    <Sheet
      open={view.open}
      onClose={view.cancel}
      title={t('stepUp.title')}
      description={t('stepUp.lead', { action: t(`stepUp.actions.${view.action}`) })}
    >
      <div className="stack">
        {view.preparing ? (
          <p className="hint" role="status">
            {t('stepUp.preparing')}
          </p>
        ) : null}
        {view.passkeyOffered ? (
          <>
            <FormAlert>
              {t('stepUp.passkeyFailed')}
              {view.failure ? (
                <small className="form-alert-detail">
                  <PasskeyFailureText failure={view.failure} fallback="authentication_not_completed" />
                </small>
              ) : null}
            </FormAlert>
            <div className="button-row">
              <Button variant="primary" onClick={view.usePasskey}>
                {t('stepUp.usePasskey')}
              </Button>
              <Button onClick={view.useCode}>{t('stepUp.useCode')}</Button>
            </div>
          </>
        ) : null}
        {view.askingCode ? <CodeStep view={view} /> : null}
        {view.failed ? (
          <>
            <FormAlert>
              {t('stepUp.failed')} {view.failure ? failureText(t, 'errors', view.failure) : null}
            </FormAlert>
            <Button variant="primary" onClick={view.retry}>
              {t('stepUp.retry')}
            </Button>
          </>
        ) : null}
        <Button onClick={view.cancel}>{t('stepUp.cancel')}</Button>
      </div>
    </Sheet>
  );
}
