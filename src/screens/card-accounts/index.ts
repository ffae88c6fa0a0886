import type { ComponentType } from 'react';
import { CardActivitiesScreen } from './CardActivitiesScreen';

export const screens: Partial<Record<string, ComponentType>> = {
  cardActivities: CardActivitiesScreen,
};
