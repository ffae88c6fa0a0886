import type { ComponentType } from 'react';
import { WelcomeScreen } from './WelcomeScreen';

export const screens: Partial<Record<string, ComponentType>> = { welcome: WelcomeScreen };
