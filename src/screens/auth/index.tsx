import type { ComponentType } from 'react';
import { ForgotPasswordScreen } from './ForgotPasswordScreen';
import { LoginScreen } from './LoginScreen';
import { PhoneRecoveryScreen } from './PhoneRecoveryScreen';
import { RecoveryCancelScreen } from './RecoveryCancelScreen';
import { SocialSignInScreen } from './SocialSignInScreen';
import { TwoFactorPhoneScreen } from './TwoFactorPhoneScreen';
import { WelcomeScreen } from './WelcomeScreen';

export const screens: Partial<Record<string, ComponentType>> = {
  login: LoginScreen,
  forgotPassword: ForgotPasswordScreen,
  welcome: WelcomeScreen,
  authGoogle: () => <SocialSignInScreen provider="google" />,
  authApple: () => <SocialSignInScreen provider="apple" />,
  twoFactorPhone: TwoFactorPhoneScreen,
  phoneRecovery: PhoneRecoveryScreen,
  recoveryCancel: RecoveryCancelScreen,
};
