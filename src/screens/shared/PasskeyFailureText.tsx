import { useTranslation } from 'react-i18next';
import type { Failure } from '../../../machines/parts/failure';
import { BIOMETRIC_ERROR_CODES, WEBAUTHN_ERROR_CODES, type BiometricErrorCode } from '../../auth/webauthnErrors';
import { failureText, type Translate } from '../../ui/failureText';

/** What a screen shows for a passkey failure: a translated message, and the browser's own words when it gave some. */
export interface PasskeyFailureWords {
  message: string;
  /** `NotAllowedError` passes its own message through (platforms put the real reason there). */
  detail?: string;
}

/**
 * The translated message for a passkey failure: `failureText` in `biometric.errors`, with `fallback` (the
 * step's seed message) for codes without words of their own. `no_code_token` shows the server's message
 * when it sent one.
 */
export function describePasskeyFailure(t: Translate, failure: Failure, fallback: BiometricErrorCode): PasskeyFailureWords {
  if (failure.code === BIOMETRIC_ERROR_CODES.noCodeToken && failure.message) return { message: failure.message };
  if (failure.code === WEBAUTHN_ERROR_CODES.ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY) {
    // The step did not complete; the browser's reason (untranslated) follows as a detail.
    return { message: t(`biometric.errors.${fallback}`), ...(failure.message ? { detail: failure.message } : {}) };
  }
  return { message: failureText(t, 'biometric.errors', failure, { unknown: `biometric.errors.${fallback}` }) };
}

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
