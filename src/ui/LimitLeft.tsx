import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isPositive, min } from '../../contract/decimal';
import { formatAmount, type Decimal } from './money';
import { TextSkeleton } from './Skeleton';
import { useUiLocale } from './useUiLocale';

/** One period of a limit, in US dollars: what the level allows, what was used, what is left. */
export interface LimitPeriod {
  limit: Decimal;
  used: Decimal;
  left: Decimal;
}

/**
 * What is left of a limit before an amount is typed: the amount the customer can still move now (the
 * smaller of today's and this month's), then each period. While it loads, the same lines with their
 * figures shimmering, so the form below does not move when they arrive (a press aimed at it would land
 * elsewhere); a plain note when it cannot be read, since the server still enforces the limit on the amount sent.
 */
export function LimitLeft({
  title,
  usage,
  failed = false,
  action,
}: {
  title: string;
  usage: { daily: LimitPeriod; monthly: LimitPeriod } | undefined;
  failed?: boolean;
  /** Where the limit can be raised. */
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const id = useId();
  const usd = (amount: Decimal) => formatAmount(amount, 'USD', locale);
  const leftOf = ({ left, limit }: Pick<LimitPeriod, 'left' | 'limit'>) => t('limits.leftOf', { left: usd(left), limit: usd(limit) });
  // While loading, stand-ins as long as a first level's figures: at phone width they wrap as those will.
  const period = (label: string, figures: LimitPeriod | undefined) => (
    <div className="fact">
      <dt>{label}</dt>
      <dd className="amount">{figures ? leftOf(figures) : <TextSkeleton standIn={leftOf({ left: '1000', limit: '5000' })} />}</dd>
    </div>
  );
  const now = usage ? min(usage.daily.left, usage.monthly.left) : null;
  return (
    <section
      className="card stack limit-left"
      aria-labelledby={id}
      aria-busy={(!failed && now === null) || undefined}
      data-testid="limit-left"
    >
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {failed ? (
        <p className="hint-text">{t('limits.loadFailed')}</p>
      ) : (
        <>
          <p className="limit-left-now">
            {now === null ? (
              <TextSkeleton standIn={t('limits.now', { amount: usd('1000') })} />
            ) : isPositive(now) ? (
              t('limits.now', { amount: usd(now) })
            ) : (
              t('limits.noneLeft')
            )}
          </p>
          <dl className="fact-list">
            {period(t('limits.today'), usage?.daily)}
            {period(t('limits.thisMonth'), usage?.monthly)}
          </dl>
          {action}
        </>
      )}
    </section>
  );
}
