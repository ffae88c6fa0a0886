import type { NotificationList } from '../../contract/notifications';
import { createWriteMachine } from '../write/write.machine';

export const markNotificationsReadMachine = createWriteMachine<string, NotificationList>({
  id: 'markNotificationsRead',
  description:
    'Opening /notifications with unread ones marks them read up to the newest shown (POST /notifications/read): the bell’s count goes to zero while the rows keep their New mark for this visit.',
});
