import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PriceRange } from '../../../contract/rates';
import { chartsApi } from '../../api/charts';
import { useSystem } from '../../app/context';
import { unwrap } from '../../app/actors/unwrap';
import { HiddenAmountsContext } from '../../ui/hiddenAmounts';
import { ChartCard } from '../../ui/ChartCard';
import { LineChart } from '../../ui/LineChart';
import { Money } from '../../ui/Money';
import { RangeSwitch } from '../../ui/RangeSwitch';
import { formatAmount, formatPercent } from '../../ui/money';
import { useUiLocale } from '../../ui/useUiLocale';

/** Home: what everything held was worth over a range, with the change; loaded lazily with the chart library. */
export default function PortfolioChart() {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const system = useSystem();
  const hidden = useContext(HiddenAmountsContext);
  const [range, setRange] = useState<PriceRange>('1m');
  const history = useQuery({
    queryKey: ['portfolio', 'history', range],
    queryFn: ({ signal }) => unwrap(chartsApi(system.client).getPortfolioHistory(range, { signal })),
    // Another range keeps this one on screen (busy) until it arrives, and with it the open table.
    placeholderData: keepPreviousData,
  });
  // The same points while the answer is the same: new ones draw the chart again (a month is 720 of them).
  const points = useMemo(
    () => history.data?.points.map((point) => ({ ...point, text: formatAmount(point.value, history.data.currency, locale) })) ?? [],
    [history.data, locale],
  );
  return (
    <ChartCard
      id="portfolio-chart"
      className="portfolio-chart"
      title={t('charts.portfolio.title')}
      read={history}
      controls={<RangeSwitch range={range} onChange={setRange} />}
    >
      {(data) => (
        <>
          <p className="chart-change" data-testid="portfolio-change">
            {t('charts.portfolio.change', { range: t(`charts.ranges.${range}`) })}{' '}
            <Money amount={data.change.amount} asset={data.currency} signed />
            {data.change.percent !== null && !hidden ? ` (${formatPercent(data.change.percent, locale)})` : ''}
          </p>
          <LineChart caption={t('charts.portfolio.caption', { range: t(`charts.ranges.${range}`) })} points={points} />
          {data.simulatedUntil ? <p className="hint-text">{t('charts.simulated')}</p> : null}
        </>
      )}
    </ChartCard>
  );
}
