import { assetDecimals, displayDecimals, isCryptoAsset } from './assetList';
import { divide } from './decimal';
import { numberFormat } from './intlCache';
import { LOCALE_TAGS, RTL_LOCALES, type Locale } from './locales';

const ISO_4217 = /^[A-Z]{3}$/;

/** Fiat (an ISO 4217 code that is not one of our crypto assets) is shown with Intl's currency style. */
export function isFiat(asset: string): boolean {
  return ISO_4217.test(asset) && !isCryptoAsset(asset);
}

/** A Latin currency symbol with a sign at either end ("US$", "CA$"). */
const LATIN_SYMBOL = /\p{Script=Latin}+\p{Sc}|\p{Sc}\p{Script=Latin}+/gu;

/**
 * In right-to-left text a Latin currency symbol is isolated left to right (U+2066 … U+2069), or its sign, a
 * neutral character at the run's end, turns over: Arabic "US$" read as "$US".
 */
function keepLatinSymbols(text: string, locale: Locale): string {
  return RTL_LOCALES.has(locale) ? text.replace(LATIN_SYMBOL, (symbol) => `\u2066${symbol}\u2069`) : text;
}

/**
 * An amount for reading: fiat with its currency (symbol placement is the locale's), crypto as the number
 * followed by the asset code, with up to the asset's decimals. Extra digits are cut, never rounded up,
 * so a balance never reads as more than is there. `signed`: a movement shows its direction both ways
 * (+ in, − out); a balance shows a sign only when it is negative. `rounded`: cut further to the asset's
 * display precision (`displayDecimals`), for a hint or a limit, where the last wei is noise.
 */
export function formatAmount(amount: string, asset: string, locale: Locale, { signed = false, rounded = false } = {}): string {
  const tag = LOCALE_TAGS[locale];
  const decimals = rounded ? displayDecimals(asset) : assetDecimals(asset);
  const exact = amount as Intl.StringNumericLiteral;
  const signDisplay = signed ? 'exceptZero' : 'auto';
  if (isFiat(asset)) {
    const text = numberFormat(tag, {
      style: 'currency',
      currency: asset,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      roundingMode: 'trunc',
      signDisplay,
    }).format(exact);
    return keepLatinSymbols(text, locale);
  }
  const number = numberFormat(tag, {
    minimumFractionDigits: Math.min(2, decimals),
    maximumFractionDigits: decimals,
    roundingMode: 'trunc',
    signDisplay,
  }).format(exact);
  return `${number}\u00a0${asset}`;
}

/** A percentage given as its decimal string ("0.60" for 0.6 %), written as the locale writes percentages (Arabic "٠٫٦٠٪"). */
export function formatPercent(percent: string, locale: Locale): string {
  return numberFormat(LOCALE_TAGS[locale], { style: 'percent', minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(
    divide(percent, '100', 4) as Intl.StringNumericLiteral,
  );
}
