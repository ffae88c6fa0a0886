import type { ComponentType } from 'react';
import { IntroScreen } from './IntroScreen';

export const screens: Partial<Record<string, ComponentType>> = {
  onboardingIntro: IntroScreen,
};
