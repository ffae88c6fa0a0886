import { useTranslation } from 'react-i18next';
import type { Failure } from '../../../machines/failure';
import { failureText } from './failureText';

const NO_OWN_CODES: ReadonlySet<string> = new Set();

/**
 * "Send a new code", disabled with a visible countdown while the server's wait runs. The countdown is
 * the machine's (one tick a second); this only shows it.
 */
export function ResendCode({
  seconds,
  sending,
  failure,
  onResend,
}: {
  seconds: number;
  sending: boolean;
  failure: Failure | null;
  onResend: () => void;
}) {
  const { t } = useTranslation();
  const waiting = seconds > 0;
  return (
    <div className="resend">
      <button className="button button--secondary" type="button" disabled={waiting || sending} onClick={onResend}>
        {sending ? t('register.resend.sending') : waiting ? t('register.resend.in', { count: seconds }) : t('register.resend.action')}
      </button>
      <p className="field-error" role="alert">
        {failure ? failureText(t, 'register.failure', NO_OWN_CODES, failure) : null}
      </p>
    </div>
  );
}
