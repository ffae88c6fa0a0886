/**
 * Decimal strings, the one way every floor (contract, machines, app, server) reads and counts money.
 * Amounts travel and are kept as text (`2450.75`, `-12.50`); arithmetic turns them into integers of
 * their smallest written unit (BigInt), so no amount ever passes through a binary float. Only ASCII
 * digits are decimals here: a locale's own digits are read by the app's amount field (src/ui/money.ts),
 * which hands over a string this module accepts.
 */

/** A non-negative decimal as the wire carries it: digits, then optionally a point and more digits. */
export const DECIMAL_PATTERN = /^\d+(\.\d+)?$/;
/** A decimal that may be negative: ledger amounts and changes (`-12.50` left the account). */
export const SIGNED_DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;
/** As written, what `numeric(38, 18)` holds: at most 20 integer and 18 fractional digits, zeros included. */
export const AMOUNT_PATTERN = /^\d{1,20}(\.\d{1,18})?$/;
const SIGNED_AMOUNT_PATTERN = /^-?\d{1,20}(\.\d{1,18})?$/;
/** On a string that already is a decimal, a digit other than 0 is what tells it from zero. */
const NON_ZERO_DIGIT = /[1-9]/;
const PARTS = /^(-?)(\d+)(?:\.(\d+))?$/;

export const isDecimal = (text: string): boolean => DECIMAL_PATTERN.test(text);
export const isSignedDecimal = (text: string): boolean => SIGNED_DECIMAL_PATTERN.test(text);

/** Above zero: a non-negative decimal with a digit other than 0 (`0.00` and `-1` are not). */
export const isPositive = (text: string): boolean => isDecimal(text) && NON_ZERO_DIGIT.test(text);

/** A positive amount the database keeps as written (see AMOUNT_PATTERN): what a customer may ask to move. */
export const isPositiveAmount = (text: string): boolean => AMOUNT_PATTERN.test(text) && NON_ZERO_DIGIT.test(text);

/** A ledger entry's amount: not zero, either sign, within what the database keeps as written. */
export const isEntryAmount = (text: string): boolean => SIGNED_AMOUNT_PATTERN.test(text) && NON_ZERO_DIGIT.test(text);

/** `text` as an integer and the number of decimals it was written with (`-1.50` → -150n, 2). */
function parse(text: string): { units: bigint; scale: number } {
  const match = PARTS.exec(text);
  if (!match) throw new RangeError(`Not a decimal: ${JSON.stringify(text)}`);
  const [, sign, whole, fraction = ''] = match;
  const units = BigInt(whole! + fraction);
  return { units: sign ? -units : units, scale: fraction.length };
}

export const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** a ÷ b rounded up, for non-negative a and positive b (what favours the books when a fee is cut). */
export const divideUp = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;

/** Whether `text` (a decimal) has no more than `decimals` decimals, trailing zeros aside (`1.50` fits 1). */
export function fitsDecimals(text: string, decimals: number): boolean {
  const match = PARTS.exec(text);
  return match !== null && (match[3] ?? '').replace(/0+$/, '').length <= decimals;
}

/**
 * `text` as an integer count of 10^-decimals (`1.5`, 6 → 1500000n). Throws a RangeError on what is not
 * a decimal or has more decimals than that (trailing zeros aside): check a customer's amount with
 * `fitsDecimals` first.
 */
export function toUnits(text: string, decimals: number): bigint {
  const { units, scale } = parse(text);
  if (scale <= decimals) return units * pow10(decimals - scale);
  const divisor = pow10(scale - decimals);
  if (units % divisor !== 0n) throw new RangeError(`${text} has more than ${decimals} decimals`);
  return units / divisor;
}

/** An integer count of 10^-decimals as a canonical decimal: no leading or trailing zeros, no `-0` (1500000n, 6 → `1.5`). */
export function fromUnits(units: bigint, decimals: number): string {
  const digits = (units < 0n ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${units < 0n ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Both decimals as integers of the finer one's unit. */
function aligned(a: string, b: string): { a: bigint; b: bigint; scale: number } {
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  return { a: x.units * pow10(scale - x.scale), b: y.units * pow10(scale - y.scale), scale };
}

/** a ÷ b to `decimals` decimals, rounded towards zero, for a positive b (a price from its inverse rate). */
export function divide(a: string, b: string, decimals: number): string {
  const { a: x, b: y } = aligned(a, b);
  return fromUnits((x * pow10(decimals)) / y, decimals);
}

/** -1, 0 or 1 as a is below, equal to or above b, by value (`1.50` equals `1.5`, `-0` equals `0`). */
export function compare(a: string, b: string): -1 | 0 | 1 {
  const { a: x, b: y } = aligned(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The smaller of the two, as written (the first when they are equal). */
export const min = (a: string, b: string): string => (compare(a, b) <= 0 ? a : b);

export function add(a: string, b: string): string {
  const { a: x, b: y, scale } = aligned(a, b);
  return fromUnits(x + y, scale);
}

export function subtract(a: string, b: string): string {
  const { a: x, b: y, scale } = aligned(a, b);
  return fromUnits(x - y, scale);
}

/** The opposite amount, its digits as written (`12.50` → `-12.50`, `-3` → `3`); zero stays unsigned. */
export function negate(text: string): string {
  return text.startsWith('-') ? text.slice(1) : NON_ZERO_DIGIT.test(text) ? `-${text}` : text;
}

/**
 * Parts rounded to `decimals` so that the rounded parts add up to their exact sum rounded once (half away
 * from zero, as PostgreSQL's `round`): every part is rounded down (towards minus infinity), and the units
 * still missing go one each to the parts that lost the most (the earlier one on a tie). A list of values
 * and its total then never disagree by a cent; a debt (a negative part) counts as it is.
 */
export function roundToSum(parts: readonly string[], decimals: number): { parts: string[]; total: string } {
  const exact = parts.map(parse);
  const scale = Math.max(decimals, ...exact.map((part) => part.scale));
  const values = exact.map(({ units, scale: own }) => units * pow10(scale - own));
  const step = pow10(scale - decimals);
  const floor = (value: bigint) => (value >= 0n ? value / step : -((-value + step - 1n) / step));
  const sum = values.reduce((a, b) => a + b, 0n);
  const total = sum >= 0n ? (sum + step / 2n) / step : -((-sum + step / 2n) / step);
  const rounded = values.map(floor);
  let missing = total - rounded.reduce((a, b) => a + b, 0n);
  const byLoss = values
    .map((value, index) => ({ index, loss: value - floor(value) * step }))
    .sort((a, b) => (a.loss < b.loss ? 1 : a.loss > b.loss ? -1 : a.index - b.index));
  for (const { index } of byLoss) {
    if (missing === 0n) break;
    rounded[index]! += 1n;
    missing -= 1n;
  }
  const written = (units: bigint) => formatDecimal(fromUnits(units, decimals), decimals);
  return { parts: rounded.map(written), total: written(total) };
}

/**
 * A decimal as the API answers it: at least `minDecimals` decimals and none of the trailing zeros the
 * database pads with (`2450.750000000000000000` → `2450.75`, `310` → `310.00`, `0.0425` stays).
 */
export function formatDecimal(text: string, minDecimals = 2): string {
  const { units, scale } = parse(text.trim());
  const [whole, fraction = ''] = fromUnits(units, scale).split('.');
  const decimals = fraction.padEnd(minDecimals, '0');
  return `${whole}${decimals ? `.${decimals}` : ''}`;
}
