import type { ComponentType } from 'react';
import { CryptoTopUpScreen } from './CryptoTopUpScreen';
import { OnChainAssetsScreen } from './OnChainAssetsScreen';
import { OnChainDepositScreen } from './OnChainDepositScreen';

export const screens: Partial<Record<string, ComponentType>> = {
  injectCrypto: CryptoTopUpScreen,
  injectOnChain: OnChainAssetsScreen,
  injectOnChainAsset: OnChainDepositScreen,
};
