import { useTranslation } from 'react-i18next';
import { PRICE_RANGES, type PriceRange } from '../../contract/rates';

/** A chart's ranges (a day to all of it) as pressed buttons: the portfolio's and each asset's price chart. */
export function RangeSwitch({ range, onChange }: { range: PriceRange; onChange: (range: PriceRange) => void }) {
  const { t } = useTranslation();
  return (
    <div className="chart-ranges" role="group" aria-label={t('charts.range')}>
      {PRICE_RANGES.map((option) => (
        <button
          key={option}
          type="button"
          className={option === range ? 'button button--small button--primary' : 'button button--small button--secondary'}
          aria-pressed={option === range}
          onClick={() => onChange(option)}
        >
          {t(`charts.ranges.${option}`)}
        </button>
      ))}
    </div>
  );
}
