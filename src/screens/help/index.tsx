import type { ComponentType } from 'react';
import { HelpScreen } from './HelpScreen';

export const screens: Partial<Record<string, ComponentType>> = {
  help: HelpScreen,
};
