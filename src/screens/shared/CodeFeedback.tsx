import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { resendCooldownMachine } from '../../../machines/resendCooldown.machine';
import type { CodeFailure } from '../../../machines/twoFactorPhone.machine';

const KNOWN_CODE_FAILURES = new Set(['code_format', 'code_invalid', 'code_expired', 'code_attempts_exceeded', 'network_error']);

export type CooldownRef = ActorRefFrom<typeof resendCooldownMachine>;

/** The running `resendCooldown` child of a flow (XState types children by the union of all its actors). */
export function cooldownOf(snapshot: { children: Record<string, unknown> }): CooldownRef | undefined {
  return snapshot.children.resendCooldown as CooldownRef | undefined;
}

/** The translated message of a failed code check or code sending. */
export function codeFailureMessage(t: TFunction, failure: CodeFailure): string {
  if (failure.code === 'rate_limited') return t('twoFactor.codeErrors.rate_limited', { count: failure.retryAfterSeconds ?? 60 });
  return KNOWN_CODE_FAILURES.has(failure.code) ? t(`twoFactor.codeErrors.${failure.code}`) : t('twoFactor.codeErrors.unknown');
}

function Countdown({ cooldown }: { cooldown: CooldownRef }) {
  const { t } = useTranslation();
  const seconds = useSelector(cooldown, (s) => s.context.secondsLeft);
  return <>{t('twoFactor.resendIn', { count: seconds })}</>;
}

/**
 * “Send a new code”, disabled with the seconds left while the cooldown runs (the flow's
 * `resendCooldown` child), and what happened to the last request.
 */
export function ResendCode(props: {
  cooldown: CooldownRef | undefined;
  available: boolean;
  sending: boolean;
  resent: boolean;
  failure: CodeFailure | null;
  onResend: () => void;
}) {
  const { t } = useTranslation();
  const { cooldown, available, sending, resent, failure, onResend } = props;
  return (
    <div className="resend-code">
      <button className="button button--secondary button--block" type="button" disabled={!available || sending} onClick={onResend}>
        {sending ? t('twoFactor.resending') : t('twoFactor.resend')}
      </button>
      <p className="field-hint" role="status" aria-live="polite">
        {failure ? codeFailureMessage(t, failure) : cooldown ? <Countdown cooldown={cooldown} /> : resent ? t('twoFactor.resent') : null}
      </p>
    </div>
  );
}
