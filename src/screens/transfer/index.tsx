import type { ComponentType } from 'react';
import { RecurringBuysScreen } from './RecurringBuysScreen';
import { CryptoToFiatScreen, FiatToCryptoScreen } from './TransferScreen';

// /transfer itself is the shared RouteScreen: the two directions, each with what it is for.
export const screens: Partial<Record<string, ComponentType>> = {
  transferFiatToCrypto: FiatToCryptoScreen,
  transferCryptoToFiat: CryptoToFiatScreen,
  recurringBuys: RecurringBuysScreen,
};
