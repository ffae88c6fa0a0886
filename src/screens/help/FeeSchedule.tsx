import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { QUOTE_COST_WARN_PERCENT, QUOTE_FEE_PERCENT, QUOTE_MIN_FEE_USD, QUOTE_SPREAD_PERCENT } from '../../../contract/transfers';
import { formatAmount, formatPercent } from '../../ui/money';
import { useUiLocale } from '../../ui/useUiLocale';

/** Help's fee schedule, its figures the ones the server quotes with (contract/transfers.ts), written the locale's way. */
export function FeeSchedule() {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const id = useId();
  const rows = [
    [
      'exchange',
      {
        fee: formatPercent(QUOTE_FEE_PERCENT, locale),
        minimum: formatAmount(QUOTE_MIN_FEE_USD, 'USD', locale),
        spread: formatPercent(QUOTE_SPREAD_PERCENT, locale),
      },
    ],
    ['payment', {}],
    ['free', {}],
  ] as const;
  return (
    <section className="stack" aria-labelledby={`${id}-fees`} id="fees" data-testid="fee-schedule">
      <h2 id={`${id}-fees`}>{t('help.fees.title')}</h2>
      <div className="card stack">
        <p>{t('help.fees.lead')}</p>
        <table className="fee-table">
          <thead>
            <tr>
              <th scope="col">{t('help.fees.what')}</th>
              <th scope="col">{t('help.fees.cost')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([row, values]) => (
              <tr key={row}>
                <th scope="row">{t(`help.fees.${row}.what`)}</th>
                <td>{t(`help.fees.${row}.cost`, values)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="hint">{t('help.fees.warning', { threshold: formatPercent(QUOTE_COST_WARN_PERCENT, locale) })}</p>
      </div>
    </section>
  );
}
