import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { chartsApi } from '../../api/charts';
import { useSystem } from '../../app/context';
import { unwrap } from '../../app/actors/unwrap';
import { BarChart } from '../../ui/BarChart';
import { ChartCard } from '../../ui/ChartCard';
import { formatAmount, formatPercent } from '../../ui/money';
import { useUiLocale } from '../../ui/useUiLocale';

/** Home: what is held now per asset, largest first, as shares of the whole; loaded lazily once the page is live. */
export default function AllocationChart() {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const system = useSystem();
  const allocation = useQuery({
    queryKey: ['portfolio', 'allocation'],
    queryFn: ({ signal }) => unwrap(chartsApi(system.client).getAllocation({ signal })),
  });
  return (
    <ChartCard id="allocation-chart" title={t('charts.allocation.title')} read={allocation}>
      {(data) => (
        <BarChart
          testId="allocation-chart"
          caption={t('charts.allocation.caption')}
          bars={data.assets.map(({ asset, value, percent }) => ({
            key: asset,
            label: asset,
            value,
            text: `${formatPercent(percent, locale)} · ${formatAmount(value, data.currency, locale)}`,
          }))}
        />
      )}
    </ChartCard>
  );
}
