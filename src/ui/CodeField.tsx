import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The 6-digit one-time code input: SMS autofill, numeric keypad, error tied to the field. */
export function CodeField(props: { label: string; value: string; onChange: (value: string) => void; error: string | null }) {
  const { t } = useTranslation();
  const id = useId();
  const { label, value, onChange, error } = props;
  return (
    <div className="field">
      <label htmlFor={`${id}-code`}>{label}</label>
      <input
        id={`${id}-code`}
        name="code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        dir="ltr"
        className="code-input"
        value={value}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-code-error` : `${id}-code-hint`}
      />
      {error ? (
        <p className="field-error" id={`${id}-code-error`} role="alert">
          {error}
        </p>
      ) : (
        <p className="field-hint" id={`${id}-code-hint`}>
          {t('twoFactor.codeHint')}
        </p>
      )}
    </div>
  );
}
