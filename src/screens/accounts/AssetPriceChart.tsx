import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Asset } from '../../../contract/assets';
import type { PriceRange } from '../../../contract/rates';
import { chartsApi } from '../../api/charts';
import { useSystem } from '../../app/context';
import { unwrap } from '../../app/actors/unwrap';
import { ChartCard } from '../../ui/ChartCard';
import { HiddenAmountsContext } from '../../ui/hiddenAmounts';
import { LineChart } from '../../ui/LineChart';
import { formatAmount } from '../../ui/money';
import { RangeSwitch } from '../../ui/RangeSwitch';
import { useUiLocale } from '../../ui/useUiLocale';

/** A crypto account: its asset's price over a range, the customer's exchanges of it marked; loaded lazily with the chart library. */
export default function AssetPriceChart({ asset }: { asset: Asset }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const system = useSystem();
  const hidden = useContext(HiddenAmountsContext);
  const [range, setRange] = useState<PriceRange>('1m');
  const history = useQuery({
    queryKey: ['asset-history', asset, range],
    queryFn: ({ signal }) => unwrap(chartsApi(system.client).getAssetHistory(asset, range, { signal })),
    // Another range keeps this one on screen (busy) until it arrives, and with it the open table.
    placeholderData: keepPreviousData,
  });
  // The same points and marks while the answer is the same: new ones draw the chart again.
  const { data } = history;
  const points = useMemo(
    () => data?.points.map((point) => ({ at: point.at, value: point.usd, text: formatAmount(point.usd, 'USD', locale) })) ?? [],
    [data, locale],
  );
  const markers = useMemo(
    () =>
      data?.exchanges.map((exchange) => {
        const sold = exchange.amount.startsWith('-');
        return {
          at: exchange.at,
          text: t(sold ? 'charts.price.sold' : 'charts.price.bought', {
            amount: formatAmount(exchange.amount.replace('-', ''), asset, locale),
            counter: formatAmount(exchange.counterAmount.replace('-', ''), exchange.counterCurrency, locale),
          }),
        };
      }) ?? [],
    [data, asset, locale, t],
  );
  return (
    <ChartCard
      id="asset-price-chart"
      title={t('charts.price.title', { asset })}
      read={history}
      controls={<RangeSwitch range={range} onChange={setRange} />}
    >
      {(data) => (
        <>
          <LineChart
            caption={t('charts.price.caption', { asset, range: t(`charts.ranges.${range}`) })}
            points={points}
            markers={markers}
            markersTitle={t('charts.price.exchanges')}
          />
          {/* No dot is drawn while balances are hidden, so none is explained. */}
          {data.exchanges.length > 0 && !hidden ? (
            <p className="hint-text">{t('charts.price.marked', { count: data.exchanges.length })}</p>
          ) : null}
          {data.simulatedUntil ? <p className="hint-text">{t('charts.simulated')}</p> : null}
        </>
      )}
    </ChartCard>
  );
}
