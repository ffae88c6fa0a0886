import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changePasswordMachine } from '../../../../machines/changePassword/changePassword.machine';
import { connectChangePassword } from '../../../../machines/changePassword/changePassword.view';
import { changePasswordActors } from '../../../app/actors/changePassword';
import { useConnect, useFlowActor, useMe } from '../../../app/context';
import { Button } from '../../../ui/Button';
import { Form, FormAlert } from '../../../ui/Form';
import { TextField } from '../../../ui/TextField';
import { failureText } from '../../../ui/failureText';
import { PasswordRequirements } from '../../shared/PasswordRequirements';
import { StepUpSheet, stepUpChild } from '../../shared/StepUpSheet';

/**
 * Change the password: the step-up first, then the current password and the new one. The flow is the
 * changePassword statechart; the passwords stay in this form and the submitted event only.
 */
export function PasswordSection() {
  const { t } = useTranslation();
  const flow = useFlowActor(changePasswordMachine, changePasswordActors);
  const view = useConnect(flow, connectChangePassword);
  const stepUp = useSelector(flow, stepUpChild);
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const me = useMe().data;
  const known = { email: me?.email, name: [me?.firstName, me?.lastName].filter(Boolean).join(' ') };

  const open = () => {
    setCurrent('');
    setNext('');
    view.open();
  };
  const currentError =
    view.currentError === 'missing'
      ? t('changePassword.errors.currentMissing')
      : view.currentError
        ? t('changePassword.errors.currentWrong')
        : null;
  const newError = view.newError ? t(`changePassword.errors.${view.newError}`) : null;

  return (
    <section className="stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('changePassword.title')}</h2>
      <p className="page-lead">{t('changePassword.lead')}</p>
      {view.formShown ? (
        <Form busy={view.busy} onSubmit={() => view.submit(current, next)}>
          <FormAlert>{view.failure ? failureText(t, 'errors', view.failure) : null}</FormAlert>
          <TextField
            label={t('changePassword.current')}
            name="current-password"
            type="password"
            autoComplete="current-password"
            dir="ltr"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
            error={currentError}
          />
          {/* The strength meter of the sign-up and reset forms replaces the rule list once it lands. */}
          <TextField
            label={t('changePassword.new')}
            name="new-password"
            type="password"
            autoComplete="new-password"
            dir="ltr"
            value={next}
            onChange={(e) => setNext(e.target.value)}
            error={newError}
            describedBy={`${id}-rule`}
          >
            <PasswordRequirements password={next} known={known} id={`${id}-rule`} />
          </TextField>
          <div className="button-row">
            <Button variant="primary" type="submit" busy={view.busy}>
              {view.busy ? t('changePassword.changing') : t('changePassword.submit')}
            </Button>
            <Button disabled={view.busy} onClick={view.cancel}>
              {t('changePassword.cancel')}
            </Button>
          </div>
        </Form>
      ) : (
        <>
          <p role="status" className="notice">
            {view.otherSessionsEnded !== null ? t('changePassword.changed', { count: view.otherSessionsEnded }) : null}
          </p>
          <Button block onClick={open}>
            {t('changePassword.open')}
          </Button>
        </>
      )}
      <StepUpSheet actor={stepUp} />
    </section>
  );
}
