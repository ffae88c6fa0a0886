import type { ComponentType } from 'react';
import { HomeScreen } from './HomeScreen';

export const screens: Partial<Record<string, ComponentType>> = {
  home: HomeScreen,
};
