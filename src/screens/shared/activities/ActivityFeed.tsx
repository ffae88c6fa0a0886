import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Activity } from '../../../../contract/activities';
import { accountsApi } from '../../../api/accounts';
import { useApi, useLocale } from '../../../app/context';
import { formatDate, formatNumber } from '../../../i18n/format';
import { ActivityRow } from '../../../ui/ActivityRow';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { Icon } from '../../../ui/Icon';
import { ListRow, ListRows } from '../../../ui/ListRow';
import { TextField } from '../../../ui/TextField';
import { ActivitySheet } from './ActivitySheet';
import { FilterSheet } from './FilterSheet';
import { activeFilterCount, FILTER_KEYS, readFilters, toQuery, writeFilters, type ActivityFilters, type FilterKey } from './filters';
import { useAccountChoices } from './useAccountChoices';
import { unwrap } from '../../../app/actors/unwrap';
import { TextSkeleton } from '../../../ui/Skeleton';

/** Typing waits this long for a pause before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 300;
/** The next page is asked for while the end of the list is still this far below the screen. */
const PREFETCH_MARGIN = '400px';
const SKELETON_ROWS = 6;

/** The activities of one local day, in the order the server gave them (newest first). */
function byDay(items: Activity[]): { day: string; date: Date; items: Activity[] }[] {
  const days: { day: string; date: Date; items: Activity[] }[] = [];
  for (const item of items) {
    const date = new Date(item.createdAt);
    const day = `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
    const last = days.at(-1);
    if (last?.day === day) last.items.push(item);
    else days.push({ day, date, items: [item] });
  }
  return days;
}

/**
 * The activity list of /activities and /card-accounts/activities: search, filters (kept in the URL),
 * days, infinite scroll with a "Load more" button for keyboards and screen readers, and one activity
 * in a sheet. `accountId` limits it to one account (the card account), which then has no account filter.
 * `actions` sit at the header's end (the statement button).
 */
export function ActivityFeed({ accountId, actions }: { accountId?: string; actions?: ReactNode }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const api = useApi(accountsApi);
  const id = useId();
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const filters = useMemo(() => readFilters(new URLSearchParams(search)), [search]);
  const accounts = useAccountChoices();
  const query = useMemo(() => toQuery({ ...filters, ...(accountId ? { accountId } : {}) }, locale), [filters, accountId, locale]);

  const feed = useInfiniteQuery({
    queryKey: ['activities', query],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) => {
      return unwrap(api.listActivities(pageParam ? { ...query, cursor: pageParam } : query, { retry: false, signal }));
    },
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const items = useMemo(() => feed.data?.pages.flatMap((page) => page.items) ?? [], [feed.data]);

  const apply = (next: ActivityFilters, replace = false) => setParams(writeFilters(next, params), { replace });

  // The search box: what is typed shows at once; the URL (and so the list) follows after a pause, and
  // replaces its entry so back does not step through every letter. Back and forward bring their text.
  const [text, setText] = useState(filters.q);
  const written = useRef(filters.q);
  useEffect(() => {
    if (filters.q !== written.current) {
      written.current = filters.q;
      setText(filters.q);
    }
  }, [filters.q]);
  useEffect(() => {
    if (text.trim() === filters.q) return;
    const timer = setTimeout(() => {
      written.current = text.trim();
      apply({ ...filters, q: text }, true);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // Only typing restarts the pause.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);

  // Infinite scroll: the next page loads as the end of the list comes near, never while one is loading
  // and never again by itself after it failed (the retry button is there).
  const sentinel = useRef<HTMLDivElement>(null);
  const canLoadMore = feed.hasNextPage && !feed.isFetchingNextPage && !feed.isFetchNextPageError;
  const { fetchNextPage } = feed;
  // A second call while a page is on its way joins it instead of starting it again.
  const loadMore = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !canLoadMore || typeof IntersectionObserver === 'undefined') return;
    // Observing again after each page: if the end is still in sight (a tall screen), the next one loads too.
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && loadMore(), {
      rootMargin: `0px 0px ${PREFETCH_MARGIN} 0px`,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [canLoadMore, loadMore, items.length]);

  const [filtersOpen, setFiltersOpen] = useState(false);
  const [filterSheetKey, setFilterSheetKey] = useState(0);
  const [selected, setSelected] = useState<Activity | null>(null);

  const shownFilters = FILTER_KEYS.filter((key) => filters[key] !== null && !(accountId && key === 'accountId'));
  const filterCount = accountId ? activeFilterCount({ ...filters, accountId: null }) : activeFilterCount(filters);
  const narrowed = filters.q !== '' || filterCount > 0;
  const chipText = (key: FilterKey): string => {
    const value = filters[key]!;
    switch (key) {
      case 'accountId':
        return accounts.find((account) => account.id === value)?.name ?? t('activities.filters.account');
      case 'type':
        return t(`activities.type.${value}`);
      case 'status':
        return t(`activities.status.${value}`);
      case 'from':
      case 'to':
        return t(`activities.filters.${key}Chip`, { date: formatDate(new Date(`${value}T00:00:00`), locale) });
    }
  };

  const failed = (
    <div className="activity-error" role="alert">
      <p>{t('activities.loadFailed')}</p>
      <Button onClick={() => void (feed.isFetchNextPageError ? feed.fetchNextPage() : feed.refetch())}>{t('activities.retry')}</Button>
    </div>
  );

  return (
    <div className="stack activity-feed">
      <div className="page-header">
        <p className="page-lead">{t(accountId ? 'screens.cardActivities.lead' : 'screens.activities.lead')}</p>
        {actions ? <div className="page-header-actions">{actions}</div> : null}
      </div>
      <search className="activity-toolbar">
        <TextField
          type="search"
          label={t('activities.search.label')}
          hint={t('activities.search.hint')}
          value={text}
          maxLength={100}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
        />
        <Button
          className="activity-filter-button"
          aria-haspopup="dialog"
          onClick={() => {
            setFilterSheetKey((key) => key + 1);
            setFiltersOpen(true);
          }}
        >
          <Icon name="filter" />
          {filterCount > 0
            ? t('activities.filters.openWithCount', { number: formatNumber(filterCount, locale) })
            : t('activities.filters.open')}
        </Button>
      </search>
      {shownFilters.length > 0 ? (
        <ul className="filter-chips" aria-label={t('activities.filters.active')}>
          {shownFilters.map((key) => (
            <li key={key}>
              <button
                type="button"
                className="filter-chip"
                aria-label={t('activities.filters.remove', { filter: chipText(key) })}
                onClick={() => apply({ ...filters, [key]: null })}
              >
                <span>{chipText(key)}</span>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      {feed.isPending ? (
        <div role="status" aria-busy="true">
          <span className="visually-hidden">{t('activities.loading')}</span>
          <div className="skeleton skeleton--text activity-day" />
          <ListRows hidden>
            {Array.from({ length: SKELETON_ROWS }, (_, index) => (
              <ListRow key={index} label={<TextSkeleton />} hint={<TextSkeleton />} />
            ))}
          </ListRows>
        </div>
      ) : feed.isError && items.length === 0 ? (
        failed
      ) : items.length === 0 ? (
        narrowed ? (
          <EmptyState
            icon={<Icon name="search" />}
            title={t('activities.empty.filteredTitle')}
            body={t('activities.empty.filteredBody')}
            action={
              <Button
                onClick={() => {
                  written.current = '';
                  setText('');
                  apply({ q: '', accountId: null, type: null, status: null, from: null, to: null });
                }}
              >
                {t('activities.empty.clear')}
              </Button>
            }
          />
        ) : (
          <EmptyState icon={<Icon name="clock" />} title={t('activities.empty.title')} body={t('activities.empty.body')} action={null} />
        )
      ) : (
        <div className="activity-days" aria-busy={feed.isFetchingNextPage || undefined}>
          {byDay(items).map((group) => (
            <section key={group.day} aria-labelledby={`${id}-${group.day}`}>
              <h2 className="activity-day" id={`${id}-${group.day}`}>
                {formatDate(group.date, locale, { dateStyle: 'full' })}
              </h2>
              <ListRows>
                {group.items.map((activity) => (
                  <ActivityRow key={activity.id} activity={activity} onClick={() => setSelected(activity)} />
                ))}
              </ListRows>
            </section>
          ))}
        </div>
      )}
      {feed.isError && items.length > 0 ? failed : null}
      <div ref={sentinel} aria-hidden="true" />
      {feed.hasNextPage && !feed.isFetchNextPageError ? (
        <Button block busy={feed.isFetchingNextPage} onClick={loadMore}>
          {feed.isFetchingNextPage ? t('activities.loadingMore') : t('activities.loadMore')}
        </Button>
      ) : null}

      <FilterSheet
        key={filterSheetKey}
        open={filtersOpen}
        filters={filters}
        accounts={accountId ? null : accounts}
        onClose={() => setFiltersOpen(false)}
        onApply={(next) => {
          setFiltersOpen(false);
          apply({ ...next, q: filters.q });
        }}
      />
      <ActivitySheet activity={selected} accounts={accounts} onClose={() => setSelected(null)} />
    </div>
  );
}
