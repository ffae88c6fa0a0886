import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { connectRegistration } from '../../../machines/registration/registration.view';
import { useConnect } from '../../app/context';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/Form';
import { PasskeyFailureText } from '../shared/PasskeyFailureText';
import { StepUpSheet, stepUpChild } from '../shared/StepUpSheet';
import { useRegistration } from './useRegistration';

/** Offers a passkey right after sign-up; a failed ceremony says why and offers retry and skip. */
export function RegisterBiometricScreen() {
  const { t } = useTranslation();
  const registration = useRegistration('biometric');
  const { failure, busy: creating, createPasskey, skipPasskey } = useConnect(registration, connectRegistration);
  const stepUp = useSelector(registration, stepUpChild);
  return (
    <div className="stack" aria-busy={creating}>
      <p className="page-lead">{t('screens.registerBiometric.lead')}</p>
      <p>{t('register.passkey.explain')}</p>
      <FormAlert>{failure ? <PasskeyFailureText failure={failure} fallback="registration_not_completed" /> : null}</FormAlert>
      <Button variant="primary" block busy={creating} onClick={createPasskey}>
        {creating ? t('register.passkey.creating') : failure ? t('register.passkey.retry') : t('register.passkey.create')}
      </Button>
      <Button block disabled={creating} onClick={skipPasskey}>
        {t('register.passkey.skip')}
      </Button>
      <StepUpSheet actor={stepUp} />
    </div>
  );
}
