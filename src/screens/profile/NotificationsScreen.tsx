import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AppNotification } from '../../../contract/notifications';
import { profileApi } from '../../api/profile';
import { useApi, useLocalize, useSystem } from '../../app/context';
import { notificationsQuery } from '../../app/notificationsQuery';
import { formatDate } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { ListRow, ListRows } from '../../ui/ListRow';
import { formatAmount } from '../../ui/money';
import { useUiLocale } from '../../ui/useUiLocale';
import { unwrap } from '../../app/actors/unwrap';

/**
 * /notifications: what the customer was told, newest first, the unread ones marked New. Seeing the
 * list marks them read (the bell's count goes to zero); they stay marked New until the next visit.
 */
export function NotificationsScreen() {
  const { t } = useTranslation();
  const { api } = useSystem();
  const profile = useApi(profileApi);
  const localize = useLocalize();
  const locale = useUiLocale();
  const queryClient = useQueryClient();
  const list = useQuery(notificationsQuery(api));
  const markRead = useMutation({
    mutationFn: async (upToId: string) => {
      return unwrap(profile.markNotificationsRead(upToId));
    },
    // A read of the list still under way (the page's own, on opening) reflects the list before this mark:
    // landing after it, it would put the old unread count back, and nothing would mark it read again.
    onMutate: () => queryClient.cancelQueries({ queryKey: notificationsQuery(api).queryKey }),
    // Only the count: the rows keep their New mark while the page shows them.
    onSuccess: (answer) =>
      queryClient.setQueryData(notificationsQuery(api).queryKey, (before) => before && { ...before, unreadCount: answer.unreadCount }),
  });
  const newest = list.data?.notifications[0];
  const unread = list.data?.unreadCount ?? 0;
  const { mutate } = markRead;
  useEffect(() => {
    if (newest && unread > 0) mutate(newest.id);
  }, [newest, unread, mutate]);

  if (list.isError) {
    return (
      <div className="stack">
        <p role="alert">{t('notifications.loadFailed')}</p>
        <Button onClick={() => void list.refetch()}>{t('notifications.retry')}</Button>
      </div>
    );
  }
  if (!list.data) return <div className="skeleton skeleton--block" aria-hidden="true" />;
  if (list.data.notifications.length === 0) {
    return (
      <EmptyState
        title={t('notifications.emptyTitle')}
        body={t('notifications.emptyBody')}
        action={
          <Link className="button" to={localize('/onboarding/push-notifications')}>
            {t('notifications.emptyAction')}
          </Link>
        }
      />
    );
  }
  const text = (item: AppNotification) =>
    t(`notifications.kind.${item.kind}.body`, {
      amount: item.params.amount && item.params.currency ? formatAmount(item.params.amount, item.params.currency, locale) : '',
    });
  return (
    <ListRows label={t('screens.notifications.title')}>
      {list.data.notifications.map((item) => (
        <ListRow
          key={item.id}
          testId="notification"
          label={t(`notifications.kind.${item.kind}.title`)}
          hint={[text(item), formatDate(new Date(item.createdAt), locale, { dateStyle: 'medium', timeStyle: 'short' })]}
          end={item.read ? undefined : <span className="badge">{t('notifications.new')}</span>}
        />
      ))}
    </ListRows>
  );
}
