import { useTranslation } from 'react-i18next';
import { QUOTE_COST_WARN_PERCENT, type Quote } from '../../contract/transfers';
import { compare } from '../../contract/decimal';
import { formatAmount, formatPercent } from './money';
import { useUiLocale } from './useUiLocale';

/**
 * A quote's total cost, spread and fee together, in money and percent, as a fact of the quote's list,
 * with a warning when it is above `QUOTE_COST_WARN_PERCENT` of the amount (a small amount under the least fee).
 */
export function QuoteCost({ quote }: { quote: Pick<Quote, 'cost' | 'costPercent' | 'fromAsset'> }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const percent = formatPercent(quote.costPercent, locale);
  return (
    <div className="fact">
      <dt>{t('money.cost.label')}</dt>
      <dd data-testid="quote-cost">
        {t('money.cost.value', { amount: formatAmount(quote.cost, quote.fromAsset, locale), percent })}
        {compare(quote.costPercent, QUOTE_COST_WARN_PERCENT) > 0 ? (
          <p className="field-error" data-testid="quote-cost-high">
            {t('money.cost.high', { percent, threshold: formatPercent(QUOTE_COST_WARN_PERCENT, locale) })}
          </p>
        ) : null}
      </dd>
    </div>
  );
}
