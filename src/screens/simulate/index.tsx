import type { ComponentType } from 'react';
import { SimulateAdminScreen } from './SimulateAdminScreen';
import { SimulateScreen } from './SimulateScreen';

export const screens: Partial<Record<string, ComponentType>> = {
  simulate: SimulateScreen,
  simulateAdmin: SimulateAdminScreen,
};
