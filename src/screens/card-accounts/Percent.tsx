import { formatNumber } from '../../i18n/format';
import { useUiLocale } from '../../ui/useUiLocale';

/** Formats a percentage from its decimal string (`"65.5"` → 65.5 %) as the locale writes it; exact, no float. */
export function usePercent(): (value: string) => string {
  const locale = useUiLocale();
  return (value) => formatNumber(`${value}e-2`, locale, { style: 'percent', maximumFractionDigits: 2 });
}

export function Percent({ value }: { value: string }) {
  return <bdi>{usePercent()(value)}</bdi>;
}
