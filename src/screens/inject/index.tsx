import type { ComponentType } from 'react';
import { FiatTopUpScreen } from './FiatTopUpScreen';
import { PayByCodeScreen } from './PayByCodeScreen';

export const screens: Partial<Record<string, ComponentType>> = {
  injectFiat: FiatTopUpScreen,
  payByCode: PayByCodeScreen,
};
