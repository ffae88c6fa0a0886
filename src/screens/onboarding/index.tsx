import type { ComponentType } from 'react';
import { IntroScreen } from './IntroScreen';
import { PushScreen } from './PushScreen';

export const screens: Partial<Record<string, ComponentType>> = {
  onboardingIntro: IntroScreen,
  onboardingPush: PushScreen,
};
