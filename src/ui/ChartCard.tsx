import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What a chart's card needs of its read (a TanStack query's result fits). */
interface ChartRead<T> {
  data: T | undefined;
  isError: boolean;
  isFetching: boolean;
}

/** A chart's card: its heading, optional controls, then the chart once read, a placeholder before, or why it failed. */
export function ChartCard<T>({
  id,
  title,
  read,
  className = '',
  controls,
  children,
}: {
  id: string;
  title: string;
  read: ChartRead<T>;
  className?: string;
  controls?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className={`card stack ${className}`.trim()} aria-labelledby={id} aria-busy={read.isFetching || undefined}>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {controls}
      {read.isError ? (
        <p className="notice" role="alert">
          {t('charts.failed')}
        </p>
      ) : read.data ? (
        children(read.data)
      ) : (
        <div className="skeleton chart-skeleton" aria-hidden="true" />
      )}
    </section>
  );
}
