import type { ComponentType } from 'react';
import { CryptoTopUpScreen } from './CryptoTopUpScreen';
import { FiatTopUpScreen } from './FiatTopUpScreen';
import { OnChainAssetsScreen } from './OnChainAssetsScreen';
import { OnChainDepositScreen } from './OnChainDepositScreen';
import { PayByCodeScreen } from './PayByCodeScreen';

export const screens: Partial<Record<string, ComponentType>> = {
  injectCrypto: CryptoTopUpScreen,
  injectOnChain: OnChainAssetsScreen,
  injectOnChainAsset: OnChainDepositScreen,
  injectFiat: FiatTopUpScreen,
  payByCode: PayByCodeScreen,
};
