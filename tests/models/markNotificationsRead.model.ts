import { LOCALE_TAGS } from '../../contract/locales';
import type { NotificationList } from '../../contract/notifications';
import { inLanguage, pageTexts, SIGNED_IN, withValues, type PageLanguage } from './graph/page';
import type { PageExpectation } from './graph/model';
import { markNotificationsReadMachine } from '../../machines/markNotificationsRead/markNotificationsRead.machine';
import { sessionCookieJar } from './session.model';
import { writeModel } from './write.model';

const UNREAD: NotificationList = {
  notifications: [
    {
      id: '42',
      kind: 'kyc_approved',
      params: {},
      createdAt: '2026-03-02T09:00:00.000Z',
      read: false,
    },
  ],
  unreadCount: 1,
};
const READ: NotificationList = { notifications: [{ ...UNREAD.notifications[0]!, read: true }], unreadCount: 0 };

/** The list, its row still marked New for this visit, and the bell with its unread count (or none). */
function list(language: PageLanguage, unread: number): PageExpectation {
  const texts = pageTexts(language).notifications;
  const bell =
    unread > 0 ? withValues(texts.bell, { number: new Intl.NumberFormat(LOCALE_TAGS[language]).format(unread) }) : texts.bellNone;
  return { shows: [{ testId: 'notification' }, { shownText: texts.new }, { role: 'link', name: bell }] };
}

export const markNotificationsReadModel = writeModel(markNotificationsReadMachine, {
  inputs: { 'the newest shown': UNREAD.notifications[0]!.id },
  done: { marked: READ },
  errors: { offline: { code: 'network_error' } },
  browser: {
    start: (language) => [
      sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
      { answer: '**/api/users/me', method: 'GET', json: SIGNED_IN.user },
      { open: inLanguage('/profile/details', language) },
    ],
    request: { url: '**/api/notifications/read', method: 'POST' },
    // Opening the list with unread ones marks them read (again, after a failure: the page is opened anew).
    submit: (_, __, language) => [
      { answer: '**/api/notifications', method: 'GET', json: UNREAD },
      { open: inLanguage('/notifications', language) },
    ],
    states: {
      editing: (_, language) => ({ url: inLanguage('/profile/details', language) }),
      done: (_, language) => list(language, 0),
      failed: (_, language) => list(language, UNREAD.unreadCount),
    },
  },
});
