import { useTranslation } from 'react-i18next';
import { Button } from './Button';

/**
 * "Send a new code" under every code field: disabled, with the seconds left in its label, while the
 * flow's cooldown runs (the flow counts; this only shows it), then what became of the last request.
 * The countdown sits in the button rather than in a live region, so a screen reader is not told every second.
 */
export function ResendCode(props: {
  /** Seconds before a new code may be asked for. */
  seconds: number;
  sending: boolean;
  /** Held back for another reason (a code is being checked). */
  disabled?: boolean;
  /** A new code went out. */
  resent: boolean;
  /** Why the last request did not go through, in words. */
  error: string | null;
  onResend: () => void;
}) {
  const { t } = useTranslation();
  const { seconds, sending, disabled = false, resent, error, onResend } = props;
  const waiting = seconds > 0;
  return (
    <div className="resend">
      <Button block busy={sending} disabled={waiting || disabled} onClick={onResend}>
        {sending ? t('resend.sending') : waiting ? t('resend.in', { count: seconds }) : t('resend.action')}
      </Button>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : (
        <p className="field-hint" role="status">
          {resent ? t('resend.sent') : null}
        </p>
      )}
    </div>
  );
}
