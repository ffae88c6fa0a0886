import type { ComponentType } from 'react';
import { LanguageChoice } from '../shared/LanguageChoice';
import { DetailsScreen } from './DetailsScreen';
import { InviteDashboardScreen } from './InviteDashboardScreen';
import { InviteScreen } from './InviteScreen';
import { NotificationsScreen } from './NotificationsScreen';
import { PriceAlertsScreen } from './PriceAlertsScreen';
import { ProfileScreen } from './ProfileScreen';
import { SecurityScreen } from './SecurityScreen';

export const screens: Partial<Record<string, ComponentType>> = {
  profile: ProfileScreen,
  profileDetails: DetailsScreen,
  profileInvite: InviteScreen,
  notifications: NotificationsScreen,
  profileInviteDashboard: InviteDashboardScreen,
  profileLanguage: LanguageChoice,
  profileSecurity: SecurityScreen,
  priceAlerts: PriceAlertsScreen,
};
