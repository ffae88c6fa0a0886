import * as routes from 'virtual:meridian/endpoint-routes';
import { defineApi, type ReadOptions } from './endpoints';
import type { UpdateNameBody } from '../../contract';
import type { PushSubscriptionBody } from '../../contract/notifications';

/** The profile's other screens: name, deposit level and limits, invite, onboarding, push, notifications, support chat. */
export const profileApi = defineApi((client) => ({
  updateName: (body: UpdateNameBody) => client.call(routes.updateName, { body }),
  getDepositLevels: (options?: ReadOptions) => client.call(routes.getDepositLevels, options),
  getLimits: (options?: ReadOptions) => client.call(routes.getLimits, options),
  getInvite: (options?: ReadOptions) => client.call(routes.getInvite, options),
  getInviteDashboard: (options?: ReadOptions) => client.call(routes.getInviteDashboard, options),
  getOnboarding: (options?: ReadOptions) => client.call(routes.getOnboarding, options),
  markIntroSeen: () => client.call(routes.markIntroSeen, { body: {} }),
  getChatWidget: (options?: ReadOptions) => client.call(routes.getChatWidget, options),
  // Push and the in-app notifications list.
  getPushConfig: (options?: ReadOptions) => client.call(routes.getPushConfig, options),
  subscribePush: (body: PushSubscriptionBody) => client.call(routes.subscribePush, { body }),
  markNotificationsRead: (upToId: string) => client.call(routes.markNotificationsRead, { body: { upToId } }),
}));
