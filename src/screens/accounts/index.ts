import type { ComponentType } from 'react';
import { ActivitiesScreen } from './ActivitiesScreen';

export const screens: Partial<Record<string, ComponentType>> = {
  activities: ActivitiesScreen,
};
