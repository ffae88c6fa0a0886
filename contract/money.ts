import { assetDecimals, isCryptoAsset } from './assetList';
import { numberFormat } from './intlCache';
import { LOCALE_TAGS, type Locale } from './locales';

const ISO_4217 = /^[A-Z]{3}$/;

/** Fiat (an ISO 4217 code that is not one of our crypto assets) is shown with Intl's currency style. */
export function isFiat(asset: string): boolean {
  return ISO_4217.test(asset) && !isCryptoAsset(asset);
}

/**
 * An amount for reading: fiat with its currency (symbol placement is the locale's), crypto as the number
 * followed by the asset code, with up to the asset's decimals. Extra digits are cut, never rounded up,
 * so a balance never reads as more than is there. `signed`: a movement shows its direction both ways
 * (+ in, − out); a balance shows a sign only when it is negative.
 */
export function formatAmount(amount: string, asset: string, locale: Locale, { signed = false } = {}): string {
  const tag = LOCALE_TAGS[locale];
  const decimals = assetDecimals(asset);
  const exact = amount as Intl.StringNumericLiteral;
  const signDisplay = signed ? 'exceptZero' : 'auto';
  if (isFiat(asset)) {
    return numberFormat(tag, {
      style: 'currency',
      currency: asset,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      roundingMode: 'trunc',
      signDisplay,
    }).format(exact);
  }
  const number = numberFormat(tag, {
    minimumFractionDigits: Math.min(2, decimals),
    maximumFractionDigits: decimals,
    roundingMode: 'trunc',
    signDisplay,
  }).format(exact);
  return `${number}\u00a0${asset}`;
}
