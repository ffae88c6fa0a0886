import type { ComponentType } from 'react';
import { LoginScreen } from './LoginScreen';
import { TwoFactorPhoneScreen } from './TwoFactorPhoneScreen';
import { WelcomeScreen } from './WelcomeScreen';

export const screens: Partial<Record<string, ComponentType>> = { login: LoginScreen, welcome: WelcomeScreen, twoFactorPhone: TwoFactorPhoneScreen };
