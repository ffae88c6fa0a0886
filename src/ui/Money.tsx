import { useCallback, useContext, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { assetDecimals } from '../../contract';
import { Button } from './Button';
import { HiddenAmountsContext } from './hiddenAmounts';
import { HIDDEN_AMOUNT, amountForInput, formatAmount, parseAmount, type AmountError, type Decimal, type ParsedAmount } from './money';
import { TextField, type TextFieldProps } from './TextField';
import { useUiLocale } from './useUiLocale';

/**
 * An amount for reading, exact from its decimal string. Masked while the customer hides balances, or
 * when `hidden` says so: a fixed mask that says so to screen readers. `signed` writes + before a
 * positive amount (a movement into an account).
 */
export function Money({ amount, asset, hidden, signed = false }: { amount: Decimal; asset: string; hidden?: boolean; signed?: boolean }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const hiding = useContext(HiddenAmountsContext);
  if (hidden ?? hiding) {
    return (
      <span className="amount amount--hidden">
        <span aria-hidden="true">{HIDDEN_AMOUNT}</span>
        <span className="visually-hidden">{t('money.hidden')}</span>
      </span>
    );
  }
  return <span className="amount">{formatAmount(amount, asset, locale, { signed })}</span>;
}

export type AmountInputProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type' | 'inputMode' | 'end' | 'children'> & {
  asset: string;
  /** What the customer typed, as typed (their digits and decimal sign); the caller keeps it. */
  value: string;
  /** Every change: the text to keep and what it means as a canonical decimal string. */
  onChange: (text: string, amount: ParsedAmount) => void;
  /** The most that can be entered (a balance); offers a Max button that enters it. */
  max?: Decimal;
  /** The caller's own error (more than the balance); a malformed amount's message comes first. */
  error?: ReactNode;
};

const NOTHING_TYPED = { text: '', value: '' };

/**
 * An AmountInput's state where no machine keeps it: `text` as typed (the field's value) and `value`, what it
 * reads as ("1.234,5" in German is "1234.5"). Text the field cannot read is sent as typed, so the server's
 * refusal names what is wrong with it.
 */
export function useTypedAmount(): { text: string; value: string; onChange: AmountInputProps['onChange']; clear: () => void } {
  const [amount, setAmount] = useState(NOTHING_TYPED);
  const onChange = useCallback<AmountInputProps['onChange']>(
    (text, parsed) => setAmount({ text, value: parsed.ok ? parsed.value : text }),
    [],
  );
  const clear = useCallback(() => setAmount(NOTHING_TYPED), []);
  return { ...amount, onChange, clear };
}

/**
 * An amount field: the locale's decimal sign and digits (Arabic-Indic too), the numeric keyboard on
 * phones, no more decimals than the asset has, and Max. What typing on cannot mend (too many decimals,
 * a minus sign, a letter) is said at once; what it may ("0", "1,5") once the customer leaves the field,
 * so half-typed amounts are not scolded.
 */
export function AmountInput({ asset, value, onChange, max, error, onBlur, ...field }: AmountInputProps) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const assetId = useId();
  const [left, setLeft] = useState(false);
  const decimals = assetDecimals(asset);
  const parsed = parseAmount(value, locale, decimals);
  const ownError = parsed.ok ? null : errorText(parsed.error);
  function errorText(error: AmountError): string | null {
    switch (error) {
      case 'too_many_decimals':
        return t('money.errors.tooManyDecimals', { count: decimals, asset });
      case 'negative':
        return t('money.errors.negative');
      case 'invalid_character':
        return t('money.errors.invalid', { example: amountForInput('12.5', locale) });
      // "0" and "1,5" may be on the way to "0.5" and "1,500": said once the customer leaves the field.
      case 'zero':
        return left ? t('money.errors.zero') : null;
      case 'invalid':
        return left ? t('money.errors.invalid', { example: amountForInput('12.5', locale) }) : null;
      case 'empty':
        return null;
    }
  }
  const change = (text: string) => onChange(text, parseAmount(text, locale, decimals));

  return (
    <TextField
      {...field}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      dir="ltr"
      value={value}
      onChange={(event) => change(event.target.value)}
      onBlur={(event) => {
        setLeft(true);
        onBlur?.(event);
      }}
      error={ownError ?? error}
      describedBy={[assetId, field.describedBy].filter(Boolean).join(' ')}
      end={
        <>
          <span className="field-suffix" id={assetId}>
            {asset}
          </span>
          {max !== undefined ? (
            <Button className="button--small" onClick={() => change(amountForInput(max, locale))}>
              {t('money.max')}
            </Button>
          ) : null}
        </>
      }
    />
  );
}
