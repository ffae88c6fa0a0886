import type { ComponentType } from 'react';
import { CardAccountDetailScreen } from './CardAccountDetailScreen';
import { CardAccountsScreen } from './CardAccountsScreen';
import { CardActivitiesScreen } from './CardActivitiesScreen';
import { CardsScreen } from './CardsScreen';
import { CollateralScreen } from './CollateralScreen';

export const screens: Partial<Record<string, ComponentType>> = {
  cardAccounts: CardAccountsScreen,
  cardAccountDetail: CardAccountDetailScreen,
  cardActivities: CardActivitiesScreen,
  cards: CardsScreen,
  collateral: CollateralScreen,
};
