import { LOCALE_TAGS, RTL_LOCALES, type Locale } from '../../contract';
import { compare, divide } from '../../contract/decimal';
import { numberFormat } from '../../contract/intlCache';
import { formatAmount as amountText, formatPercent, isFiat } from '../../contract/money';

/**
 * Money is a decimal string end to end ("1234567.123456789012345678"): the server sends it so, Intl
 * formats the string itself (Intl.StringNumericLiteral, no float on the way), and typed amounts are
 * parsed back into one. Nothing here goes through Number().
 */
export type Decimal = string;

/** What a hidden balance shows: the same four dots whatever the amount, so nothing leaks by width. */
export const HIDDEN_AMOUNT = '••••';

export { formatPercent, isFiat };

/** Unicode's isolates: a run of text laid out on its own, in the direction given, whatever surrounds it. */
const ISOLATE = { ltr: '\u2066', rtl: '\u2067', end: '\u2069' } as const;

/**
 * An amount for the screen: the text the server's statements print too (contract/money.ts), as Intl gives
 * it — which the test helpers also compute, so the page's amounts are checked as written.
 */
export function formatAmount(amount: Decimal, asset: string, locale: Locale, options?: { signed?: boolean; rounded?: boolean }): string {
  return amountText(amount, asset, locale, options);
}

/** Decimals a price keeps before formatting cuts it to its asset's. */
const PRICE_DECIMALS = 18;

/**
 * A rate as the price of an asset, "1 BTC = €61,766.12", in that order in every language (read in the
 * locale's direction, each figure as Intl writes it for the locale). The asset priced is the crypto one
 * against fiat, otherwise the one whose unit is worth more. `rate` is units of `toAsset` per `fromAsset`.
 */
export function formatRate({ fromAsset, toAsset, rate }: { fromAsset: string; toAsset: string; rate: Decimal }, locale: Locale): string {
  const fromPriced = isFiat(fromAsset) === isFiat(toAsset) ? compare(rate, '1') >= 0 : !isFiat(fromAsset);
  const [asset, price, currency] = fromPriced ? [fromAsset, rate, toAsset] : [toAsset, divide('1', rate, PRICE_DECIMALS), fromAsset];
  // Each figure is its own run, so digits and signs never mix across the "=".
  const dir = RTL_LOCALES.has(locale) ? ISOLATE.rtl : ISOLATE.ltr;
  const figure = (text: string) => `${dir}${text}${ISOLATE.end}`;
  const amount = (value: Decimal, of: string) => figure(formatAmount(value, of, locale));
  return `${amount('1', asset)} = ${amount(price, currency)}`;
}

/** An amount as the locale writes it in a field: its digits and decimal sign, no grouping or trailing zeros. */
export function amountForInput(amount: Decimal, locale: Locale): string {
  const fraction = amount.split('.')[1]?.replace(/0+$/, '').length ?? 0;
  return numberFormat(LOCALE_TAGS[locale], {
    useGrouping: false,
    minimumFractionDigits: fraction,
    maximumFractionDigits: fraction,
  }).format(amount as Intl.StringNumericLiteral);
}

/**
 * Why a typed amount is not one: `invalid` may still become one as the customer types on ("1,5" on the
 * way to "1,500"); `invalid_character` ("1e3"), `negative` ("-5") and `zero` never would by itself.
 */
export type AmountError = 'empty' | 'invalid' | 'invalid_character' | 'negative' | 'zero' | 'too_many_decimals';
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
  if (/^[-−‐]/.test(text)) return { ok: false, error: 'negative' };
  const { decimal, group } = separators(locale);
  const spaceGroups = /\s/.test(group);
  let normalized = '';
  for (const char of text) {
    const digit = asciiDigit(char);
    if (digit !== null) normalized += digit;
    else if (char === group || (spaceGroups && /\s/.test(char))) normalized += ',';
    else if (char === decimal || ((char === '.' || char === ',') && char !== group)) normalized += '.';
    else return { ok: false, error: 'invalid_character' };
  }
  const match = /^(?:(\d{1,3}(?:,\d{3})+)|(\d*))(?:\.(\d*))?$/.exec(normalized);
  if (!match || !/\d/.test(normalized)) return { ok: false, error: 'invalid' };
  const whole = (match[1] ?? match[2] ?? '').replaceAll(',', '').replace(/^0+(?=\d)/, '') || '0';
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) return { ok: false, error: 'too_many_decimals' };
  if (whole === '0' && fraction === '') return { ok: false, error: 'zero' };
  return { ok: true, value: fraction ? `${whole}.${fraction}` : whole };
}
