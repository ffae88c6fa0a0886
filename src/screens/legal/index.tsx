import type { ComponentType } from 'react';
import { PrivacyScreen, TermsScreen } from './LegalScreen';

export const screens: Partial<Record<string, ComponentType>> = {
  terms: TermsScreen,
  privacy: PrivacyScreen,
};
