import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AppNotification, NotificationKind } from '../../../contract/notifications';
import { markNotificationsReadMachine } from '../../../machines/markNotificationsRead/markNotificationsRead.machine';
import { markNotificationsReadActors } from '../../app/actors/markNotificationsRead';
import { useLocalize, useSystem } from '../../app/context';
import { notificationsQuery } from '../../app/notificationsQuery';
import { formatDate } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { ListRow, ListRows } from '../../ui/ListRow';
import { formatAmount } from '../../ui/money';
import { useUiLocale } from '../../ui/useUiLocale';
import { useWrite } from '../../app/useWrite';

/**
 * Where a notice is acted on: a request to pay where the requests are listed, a skipped run with its plan,
 * a fired alert with the alerts.
 */
const NOTIFICATION_PAGES: Partial<Record<NotificationKind, string>> = {
  money_requested: '/send/requests',
  recurring_buy_skipped: '/recurring-buys',
  price_alert: '/alerts',
};

/**
 * /notifications: what the customer was told, newest first, the unread ones marked New. Seeing the
 * list marks them read (the bell's count goes to zero); they stay marked New until the next visit.
 */
export function NotificationsScreen() {
  const { t } = useTranslation();
  const { api } = useSystem();
  const localize = useLocalize();
  const locale = useUiLocale();
  const list = useQuery(notificationsQuery(api));
  const markRead = useWrite(markNotificationsReadMachine, markNotificationsReadActors);
  const newest = list.data?.notifications[0];
  const unread = list.data?.unreadCount ?? 0;
  // Once per list read with unread ones, not at each render of the write (a failure would repeat it at once).
  const markUpTo = useEffectEvent((id: string) => markRead.submit(id));
  useEffect(() => {
    if (newest && unread > 0) markUpTo(newest.id);
  }, [newest, unread]);

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
      asset: item.params.asset ?? '',
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
          link={
            NOTIFICATION_PAGES[item.kind] ? (content) => <Link to={localize(NOTIFICATION_PAGES[item.kind]!)}>{content}</Link> : undefined
          }
        />
      ))}
    </ListRows>
  );
}
