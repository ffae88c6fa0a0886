import { useTranslation } from 'react-i18next';
import type { Failure } from '../../../machines/failure';
import type { BiometricErrorCode } from '../../auth/webauthnErrors';
import { describePasskeyFailure } from './failureText';

/** A passkey failure in words: the translated message, then the browser's own reason when it gave one. */
export function PasskeyFailureText({ failure, fallback }: { failure: Failure; fallback: BiometricErrorCode }) {
  const { t } = useTranslation();
  const text = describePasskeyFailure(t, failure, fallback);
  return (
    <>
      {text.message}
      {text.detail ? (
        <small className="form-alert-detail" dir="auto">
          {text.detail}
        </small>
      ) : null}
    </>
  );
}
