import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { PasskeyFailureText } from '../shared/PasskeyFailureText';
import { StepUpSheet, stepUpChild } from '../shared/StepUpSheet';
import { useRegistration } from './useRegistration';

/** Offers a passkey right after sign-up; a failed ceremony says why and offers retry and skip. */
export function RegisterBiometricScreen() {
  const { t } = useTranslation();
  const registration = useRegistration('biometric');
  const failure = useSelector(registration, (s) => s.context.failure);
  const creating = useSelector(registration, (s) => s.hasTag('busy'));
  const stepUp = useSelector(registration, stepUpChild);
  return (
    <div className="stack" aria-busy={creating}>
      <p className="page-lead">{t('screens.registerBiometric.lead')}</p>
      <p>{t('register.passkey.explain')}</p>
      <div className="form-alert" role="alert" aria-live="assertive">
        {failure ? <PasskeyFailureText failure={failure} fallback="registration_not_completed" /> : null}
      </div>
      <Button variant="primary" block busy={creating} onClick={() => registration.send({ type: 'PASSKEY_REQUESTED' })}>
        {creating ? t('register.passkey.creating') : failure ? t('register.passkey.retry') : t('register.passkey.create')}
      </Button>
      <Button block disabled={creating} onClick={() => registration.send({ type: 'PASSKEY_SKIPPED' })}>
        {t('register.passkey.skip')}
      </Button>
      <StepUpSheet actor={stepUp} />
    </div>
  );
}
