/**
 * Decimal strings as the wire carries them. Arithmetic on money happens in the database (numeric);
 * this only rewrites the text PostgreSQL answers, so no value ever passes through a binary float.
 */

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** `2450.750000000000000000` → `2450.75`, `310.000…` → `310.00`, `0.042500…` → `0.0425`: at least two decimals, no trailing zeros beyond. */
export function formatDecimal(text: string, minDecimals = 2): string {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new Error(`Not a decimal: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  const integer = whole!.replace(/^0+(?=\d)/, '');
  const decimals = fraction.replace(/0+$/, '').padEnd(minDecimals, '0');
  const zero = /^0*$/.test(integer + decimals);
  return `${zero ? '' : sign}${integer}${decimals ? `.${decimals}` : ''}`;
}

/** A positive decimal string of at most 20 integer and 18 fractional digits (what numeric(38, 18) holds). */
export function isPositiveAmount(text: string): boolean {
  return /^\d{1,20}(\.\d{1,18})?$/.test(text) && /[1-9]/.test(text);
}

/** The opposite amount, as text (`12.5` → `-12.5`, `-3` → `3`). */
export function negate(text: string): string {
  return text.startsWith('-') ? text.slice(1) : `-${text}`;
}
