import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecurityEvent } from '../../../../contract/security';
import { securityApi } from '../../../api/security';
import { useApi, useLocale } from '../../../app/context';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { Icon } from '../../../ui/Icon';
import { ListRow, ListRows } from '../../../ui/ListRow';
import { formatDate } from '../../../i18n/format';
import { unwrap } from '../../../app/actors/unwrap';
import { TextSkeleton } from '../../../ui/Skeleton';

/** Shared with the sections that change what the log records, so they can refresh it. */
export const SECURITY_ACTIVITY = ['security-activity'] as const;

/** "Recent security activity": the customer's own security log, newest first, a page at a time. */
export function SecurityActivitySection() {
  const { t } = useTranslation();
  const locale = useLocale();
  const api = useApi(securityApi);
  const id = useId();
  const log = useInfiniteQuery({
    queryKey: SECURITY_ACTIVITY,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) => {
      return unwrap(api.getSecurityActivity(pageParam ? { cursor: pageParam } : {}, { retry: false, signal }));
    },
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const events = log.data?.pages.flatMap((page) => page.events) ?? [];

  // User-given names and numbers keep their own direction inside a right-to-left sentence.
  const title = (event: SecurityEvent) => {
    const detail = event.detail ?? '';
    if (event.kind === 'sessions_ended') return t('securityActivity.kind.sessions_ended', { count: Number(detail) || 1 });
    return t(`securityActivity.kind.${event.kind}`, { detail: `\u2068${detail}\u2069` });
  };
  const hint = (event: SecurityEvent) =>
    [
      // How a session was opened; a failed attempt opened none ("Signed in with password" would say it did).
      event.method && (event.kind === 'sign_in' || event.kind === 'new_device') ? t(`sessions.method.${event.method}`) : null,
      event.browser && event.os ? t('sessions.device', { browser: event.browser, os: event.os }) : (event.browser ?? event.os),
      event.ip ? `\u2066${event.ip}\u2069` : null,
      formatDate(new Date(event.createdAt), locale, { dateStyle: 'medium', timeStyle: 'short' }),
    ]
      .filter(Boolean)
      .join(' · ');

  return (
    <section className="stack" aria-labelledby={`${id}-title`} data-testid="security-activity">
      <h2 id={`${id}-title`}>{t('securityActivity.title')}</h2>
      <p className="hint-text">{t('securityActivity.lead')}</p>
      {log.isPending ? (
        <ListRows busy>
          <ListRow label={<TextSkeleton />} hint={<TextSkeleton />} />
        </ListRows>
      ) : log.isError && events.length === 0 ? (
        <p className="form-alert" role="alert">
          {t('securityActivity.loadFailed')}
        </p>
      ) : events.length === 0 ? (
        <EmptyState
          icon={<Icon name="shield" />}
          title={t('securityActivity.emptyTitle')}
          body={t('securityActivity.emptyBody')}
          action={null}
        />
      ) : (
        <ListRows label={t('securityActivity.title')} busy={log.isFetchingNextPage}>
          {events.map((event) => (
            <ListRow key={event.id} label={title(event)} hint={hint(event)} />
          ))}
        </ListRows>
      )}
      {log.isError && events.length > 0 ? (
        <p className="form-alert" role="alert">
          {t('securityActivity.loadFailed')}
        </p>
      ) : null}
      {log.hasNextPage ? (
        <Button block busy={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {log.isFetchingNextPage ? t('securityActivity.loadingMore') : t('securityActivity.loadMore')}
        </Button>
      ) : null}
    </section>
  );
}
