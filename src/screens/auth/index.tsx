import type { ComponentType } from 'react';
import { ForgotPasswordScreen } from './ForgotPasswordScreen';
import { LoginScreen } from './LoginScreen';
import { WelcomeScreen } from './WelcomeScreen';

export const screens: Partial<Record<string, ComponentType>> = { login: LoginScreen, forgotPassword: ForgotPasswordScreen, welcome: WelcomeScreen };
