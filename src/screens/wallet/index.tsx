import type { ComponentType } from 'react';
import { WalletPayScreen } from './WalletPayScreen';

export const screens: Partial<Record<string, ComponentType>> = {
  injectWallet: WalletPayScreen,
};
