import { followModel } from './follow.model';
import { notificationsBellMachine } from '../../machines/notificationsBell/notificationsBell.machine';

export const notificationsBellModel = followModel(notificationsBellMachine, {
  answers: {
    'nothing new': { notifications: [], unreadCount: 0 },
    'one unread': {
      notifications: [
        {
          id: '41',
          kind: 'deposit_credited',
          params: { amount: '25', currency: 'EUR' },
          createdAt: '2026-03-02T09:00:00.000Z',
          read: false,
        },
      ],
      unreadCount: 1,
    },
  },
});
