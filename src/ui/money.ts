import { LOCALE_TAGS, type Locale } from '../../contract';
import { numberFormat } from '../../contract/intlCache';

/**
 * Money is a decimal string end to end ("1234567.123456789012345678"): the server sends it so, Intl
 * formats the string itself (Intl.StringNumericLiteral, no float on the way), and typed amounts are
 * parsed back into one. Nothing here goes through Number().
 */
export type Decimal = string;

/** What a hidden balance shows: the same four dots whatever the amount, so nothing leaks by width. */
export const HIDDEN_AMOUNT = '••••';

// Shared with the server's statements (contract/money.ts).
export { formatAmount, isFiat } from '../../contract/money';

/** An amount as the locale writes it in a field: its digits and decimal sign, no grouping or trailing zeros. */
export function amountForInput(amount: Decimal, locale: Locale): string {
  const fraction = amount.split('.')[1]?.replace(/0+$/, '').length ?? 0;
  return numberFormat(LOCALE_TAGS[locale], {
    useGrouping: false,
    minimumFractionDigits: fraction,
    maximumFractionDigits: fraction,
  }).format(amount as Intl.StringNumericLiteral);
}

export type AmountError = 'empty' | 'invalid' | 'too_many_decimals';
export type ParsedAmount = { ok: true; value: Decimal } | { ok: false; error: AmountError };

/**
 * Zero of each digit set a customer's keyboard may type: Latin, Arabic-Indic (ar), Eastern Arabic-Indic
 * (Persian and Urdu keyboards), Thai and full-width (Chinese input methods). Other scripts are refused.
 */
const DIGIT_ZEROS = [0x30, 0x660, 0x6f0, 0xe50, 0xff10];

function asciiDigit(char: string): string | null {
  const point = char.codePointAt(0)!;
  const zero = DIGIT_ZEROS.find((z) => point >= z && point <= z + 9);
  return zero === undefined ? null : String(point - zero);
}

function separators(locale: Locale): { decimal: string; group: string } {
  const parts = numberFormat(LOCALE_TAGS[locale]).formatToParts(12345.6);
  return { decimal: parts.find((p) => p.type === 'decimal')!.value, group: parts.find((p) => p.type === 'group')!.value };
}

/**
 * A typed amount as a canonical decimal string ("1234.5"). Takes the locale's decimal sign and digits;
 * '.' or ',' also count as the decimal sign unless the locale groups thousands with it (so "1,5" is
 * 1.5 in French but refused in English, where "1,500" is fifteen hundred). Thousands separators are
 * accepted only between groups of three digits; any space counts as one where the locale groups with
 * spaces. More decimals than `decimals` (trailing zeros aside) is its own error.
 */
export function parseAmount(input: string, locale: Locale, decimals: number): ParsedAmount {
  const text = input.trim();
  if (text === '') return { ok: false, error: 'empty' };
  const { decimal, group } = separators(locale);
  const spaceGroups = /\s/.test(group);
  let normalized = '';
  for (const char of text) {
    const digit = asciiDigit(char);
    if (digit !== null) normalized += digit;
    else if (char === group || (spaceGroups && /\s/.test(char))) normalized += ',';
    else if (char === decimal || ((char === '.' || char === ',') && char !== group)) normalized += '.';
    else return { ok: false, error: 'invalid' };
  }
  const match = /^(?:(\d{1,3}(?:,\d{3})+)|(\d*))(?:\.(\d*))?$/.exec(normalized);
  if (!match || !/\d/.test(normalized)) return { ok: false, error: 'invalid' };
  const whole = (match[1] ?? match[2] ?? '').replaceAll(',', '').replace(/^0+(?=\d)/, '') || '0';
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) return { ok: false, error: 'too_many_decimals' };
  return { ok: true, value: fraction ? `${whole}.${fraction}` : whole };
}
