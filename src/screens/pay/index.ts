import type { ComponentType } from 'react';
import { MoneyRequestsScreen } from './MoneyRequestsScreen';
import { PayLinkScreen } from './PayLinkScreen';
import { PayScreen } from './PayScreen';
import { SendScreen } from './SendScreen';

export const screens: Partial<Record<string, ComponentType>> = {
  pay: PayScreen,
  payLink: PayLinkScreen,
  send: SendScreen,
  moneyRequests: MoneyRequestsScreen,
};
