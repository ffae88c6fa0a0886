import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../i18n/format';
import { Icon } from '../ui/Icon';
import { notificationsBellMachine } from '../../machines/notificationsBell/notificationsBell.machine';
import { followQuery } from './actors/follow';
import { useFlowActor, useLocale, useLocalize, useSignedIn, useSystem } from './context';
import { notificationsQuery } from './notificationsQuery';

/** The bell of the signed-in layout: the way to /notifications, with the unread count. */
export function NotificationsBell() {
  const { t } = useTranslation();
  const { api } = useSystem();
  const localize = useLocalize();
  const locale = useLocale();
  const signedIn = useSignedIn();
  const { data } = useQuery({ ...notificationsQuery(api), enabled: signedIn });
  const unread = data?.unreadCount ?? 0;
  return (
    <Link
      className="icon-button notifications-bell"
      to={localize('/notifications')}
      aria-label={unread > 0 ? t('notifications.bell', { number: formatNumber(unread, locale) }) : t('notifications.bellNone')}
      data-testid="notifications-bell"
    >
      <Icon name="bell" />
      {unread > 0 ? (
        <span className="notifications-count" aria-hidden="true">
          {formatNumber(Math.min(unread, 99), locale)}
        </span>
      ) : null}
    </Link>
  );
}

/** Keeps the bells' count fresh (both layouts' bells read the same query): mounted once per signed-in page. */
export function FollowNotifications() {
  return useSignedIn() ? <NotificationsFollower /> : null;
}

function NotificationsFollower() {
  useFlowActor(notificationsBellMachine, ({ queryClient, api }) => followQuery(queryClient, () => notificationsQuery(api)));
  return null;
}
