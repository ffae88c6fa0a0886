import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { chartsApi } from '../../api/charts';
import { useSystem } from '../../app/context';
import { unwrap } from '../../app/actors/unwrap';
import { formatDate } from '../../i18n/format';
import { BarChart } from '../../ui/BarChart';
import { ChartCard } from '../../ui/ChartCard';
import { formatAmount } from '../../ui/money';
import { useUiLocale } from '../../ui/useUiLocale';

/** The card account's page: what its cards paid per month (the last twelve) and per merchant category. */
export function CardSpending({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const system = useSystem();
  const spending = useQuery({
    queryKey: ['card-accounts', accountId, 'spending'],
    queryFn: ({ signal }) => unwrap(chartsApi(system.client).getCardSpending(accountId, { signal })),
  });
  return (
    <ChartCard id="card-spending" title={t('charts.spending.title')} read={spending}>
      {(data) => {
        const money = (amount: string) => formatAmount(amount, data.currency, locale);
        return (
          <>
            <h3 className="hint-text">{t('charts.spending.byMonth')}</h3>
            <BarChart
              testId="spending-months"
              caption={t('charts.spending.byMonth')}
              bars={data.months.map(({ month, amount }) => ({
                key: month,
                // The first of the month at noon UTC: the same month in every time zone.
                label: formatDate(new Date(`${month}-01T12:00:00Z`), locale, { month: 'short', year: 'numeric' }),
                value: amount,
                text: money(amount),
              }))}
            />
            <h3 className="hint-text">{t('charts.spending.byCategory')}</h3>
            <BarChart
              testId="spending-categories"
              caption={t('charts.spending.byCategory')}
              bars={data.categories.map(({ category, amount }) => ({
                key: category,
                label: t(`charts.categories.${category}`),
                value: amount,
                text: money(amount),
              }))}
            />
          </>
        );
      }}
    </ChartCard>
  );
}
