import { QUOTE_FEE_PERCENT, QUOTE_MIN_FEE_USD, QUOTE_SPREAD_PERCENT, type QuoteSide } from '../../contract/transfers';
import { ApiError } from '../errors';
import { divideUp, fitsDecimals, formatDecimal, fromUnits, isPositiveAmount, pow10, toUnits } from '../../contract/decimal';

/**
 * The figures of a quote, exact: decimal strings become integers of the smallest unit (BigInt,
 * contract/decimal.ts), so no binary float ever touches an amount. Rounding always favours the books by
 * at most one smallest unit: the rate and what arrives round down, the fee and what is paid for a
 * wanted amount round up.
 */

const RATE_DECIMALS = 18;
/** What the database keeps (`numeric(38, 18)`): 20 integer digits, 18 decimals. */
const INTEGER_DIGITS = 20;

/** Units as the API answers them: at least two decimals. */
export const wireFromUnits = (units: bigint, decimals: number) => formatDecimal(fromUnits(units, decimals));

const max = (a: bigint, b: bigint) => (a > b ? a : b);
/** A percentage as a fraction over 10^6: `0.5` → 5000n. */
const perMillion = (percent: string) => toUnits(percent, 4);

export interface QuoteMathInput {
  /** US dollars per unit of each asset (the market's, not stale). */
  fromUsd: string;
  toUsd: string;
  fromDecimals: number;
  toDecimals: number;
  /** As typed; checked here. */
  amount: string;
  side: QuoteSide;
}

export interface QuoteFigures {
  rate: string;
  fee: string;
  amountIn: string;
  amountOut: string;
  usdValue: string;
}

/**
 * rate = fromUsd / toUsd × (1 − spread), rounded down to 18 decimals; fee = max(amountIn × 0.1 %,
 * 1 US dollar in the paid asset), rounded up; amountOut = (amountIn − fee) × rate, rounded down to the
 * asset's decimals. When the customer names what they want (`out`), amountIn is the least that gets it.
 */
export function quoteFigures({ fromUsd, toUsd, fromDecimals, toDecimals, amount, side }: QuoteMathInput): QuoteFigures {
  if (!isPositiveAmount(amount)) throw new ApiError('amount_invalid');
  const typedDecimals = side === 'in' ? fromDecimals : toDecimals;
  if (!fitsDecimals(amount, typedDecimals)) throw new ApiError('amount_too_precise');
  const typed = toUnits(amount, typedDecimals);

  const one = pow10(RATE_DECIMALS);
  const fromPrice = toUnits(fromUsd, RATE_DECIMALS);
  const toPrice = toUnits(toUsd, RATE_DECIMALS);
  const million = 1_000_000n;
  // Units of the to-asset's 10^-18 per whole from-asset.
  const rate = (fromPrice * (million - perMillion(QUOTE_SPREAD_PERCENT)) * one) / (toPrice * million);
  const feeShare = perMillion(QUOTE_FEE_PERCENT);
  const minFee = divideUp(toUnits(QUOTE_MIN_FEE_USD, 0) * pow10(fromDecimals) * one, fromPrice);
  const feeOf = (amountIn: bigint) => max(divideUp(amountIn * feeShare, million), minFee);
  // (from units) × rate → to units, rounded down.
  const outOf = (net: bigint) => (net * rate * pow10(toDecimals)) / (pow10(fromDecimals) * one);

  let amountIn: bigint;
  if (side === 'in') {
    amountIn = typed;
  } else {
    const net = divideUp(typed * pow10(fromDecimals) * one, rate * pow10(toDecimals));
    amountIn = max(divideUp(net * million, million - feeShare), net + minFee);
    // The fee rounds up on the larger amount: add what that took away.
    while (amountIn - feeOf(amountIn) < net) amountIn += 1n;
  }
  const fee = feeOf(amountIn);
  const amountOut = amountIn > fee ? outOf(amountIn - fee) : 0n;
  if (amountOut <= 0n) throw new ApiError('amount_too_small');
  const usdValue = (amountIn * fromPrice) / pow10(fromDecimals);
  // A typed amount fits, but what it is worth on the other side or in dollars may not: refused, not stored.
  const figures: [bigint, number][] = [
    [rate, RATE_DECIMALS],
    [amountIn, fromDecimals],
    [amountOut, toDecimals],
    [usdValue, RATE_DECIMALS],
  ];
  if (figures.some(([units, decimals]) => units >= pow10(INTEGER_DIGITS + decimals))) {
    throw new ApiError('validation_failed', 'The amount is too large.', { fields: { amount: 'Too large' } });
  }
  return {
    rate: wireFromUnits(rate, RATE_DECIMALS),
    fee: wireFromUnits(fee, fromDecimals),
    amountIn: wireFromUnits(amountIn, fromDecimals),
    amountOut: wireFromUnits(amountOut, toDecimals),
    usdValue: wireFromUnits(usdValue, RATE_DECIMALS),
  };
}

/**
 * What a quote costs the customer in the paid asset, spread and fee together: the fee, plus the spread's
 * share of what the fee leaves (the market would have given that much more), rounded up; and that in
 * percent of what is paid, rounded up to two decimals. Rounding up never reads as cheaper than it is.
 */
export function quoteCost(amountIn: string, fee: string, decimals: number): { cost: string; costPercent: string } {
  const paid = toUnits(amountIn, decimals);
  const feeUnits = toUnits(fee, decimals);
  const million = 1_000_000n;
  const cost = feeUnits + divideUp((paid - feeUnits) * perMillion(QUOTE_SPREAD_PERCENT), million);
  return { cost: wireFromUnits(cost, decimals), costPercent: wireFromUnits(divideUp(cost * 10_000n, paid), 2) };
}
