import type { ComponentType } from 'react';
import { PayLinkScreen } from './PayLinkScreen';
import { PayScreen } from './PayScreen';

export const screens: Partial<Record<string, ComponentType>> = {
  pay: PayScreen,
  payLink: PayLinkScreen,
};
