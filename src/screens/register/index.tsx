import type { ComponentType } from 'react';
import { RegisterBiometricScreen } from './RegisterBiometricScreen';
import { RegisterEmailScreen } from './RegisterEmailScreen';
import { RegisterPromoCodeScreen } from './RegisterPromoCodeScreen';
import { RegisterScreen } from './RegisterScreen';
import { RegisterSuccessScreen } from './RegisterSuccessScreen';
import { RegisterVerifyEmailScreen } from './RegisterVerifyEmailScreen';

export const screens: Partial<Record<string, ComponentType>> = {
  register: RegisterScreen,
  registerEmail: RegisterEmailScreen,
  registerPromoCode: RegisterPromoCodeScreen,
  registerVerifyEmail: RegisterVerifyEmailScreen,
  registerBiometric: RegisterBiometricScreen,
  registerSuccess: RegisterSuccessScreen,
};
