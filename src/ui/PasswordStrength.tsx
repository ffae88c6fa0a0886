import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PasswordStrength as Strength } from '../../contract/passwordStrength';

// The estimator and its common-password list weigh hundreds of kilobytes: fetched once, the first time
// a new-password field shows, never with the app's first load.
let estimator: Promise<typeof import('../../contract/passwordStrength')> | undefined;
const loadEstimator = () => (estimator ??= import('../../contract/passwordStrength'));

/** Typing pauses this long before the password is judged again (zxcvbn takes tens of ms per try). */
const SETTLE_MS = 150;
const SEGMENTS = [1, 2, 3, 4] as const;

interface PasswordStrengthProps {
  password: string;
  /** The address typed in the same form: a password built on it is weak. */
  email?: string;
  /** For the field's `aria-describedby`. */
  id: string;
}

/**
 * How hard the new password is to guess, as the server judges it (the same zxcvbn rule and dictionaries):
 * a four-step meter and its level in words, with what to do while it is too weak. The words are a polite
 * live region, so a screen reader hears the level change without losing its place.
 */
export function PasswordStrength({ password, email = '', id }: PasswordStrengthProps) {
  const { t } = useTranslation();
  const [judged, setJudged] = useState<(Strength & { password: string }) | null>(null);

  useEffect(() => {
    if (password === '') return;
    let current = true;
    const timer = setTimeout(() => {
      void loadEstimator().then(
        ({ passwordStrength }) => current && setJudged({ password, ...passwordStrength(password, email) }),
        // Offline or a stale deployment: no meter; the server still judges the password.
        () => {},
      );
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, email]);

  // The last verdict stays while the next one settles, so the meter does not flicker as the customer types.
  const shown = password === '' ? null : judged;
  const level = shown ? t(`passwordStrength.levels.${shown.score}`) : '';
  return (
    <div className="strength" data-testid="password-strength" data-score={shown?.score}>
      {shown ? (
        <div
          className="strength-meter"
          role="meter"
          aria-label={t('passwordStrength.title')}
          aria-valuemin={0}
          aria-valuemax={4}
          aria-valuenow={shown.score}
          aria-valuetext={level}
        >
          {SEGMENTS.map((segment) => (
            <span key={segment} className="strength-segment" data-on={Math.max(shown.score, 1) >= segment} />
          ))}
        </div>
      ) : null}
      {/* Always in the page, so assistive technology is listening before the first verdict arrives. */}
      <p className="strength-text" id={id} aria-live="polite">
        {shown ? t('passwordStrength.label', { level }) : null}
        {shown && !shown.strongEnough ? <span className="strength-advice"> {t('passwordStrength.tooWeak')}</span> : null}
      </p>
    </div>
  );
}
