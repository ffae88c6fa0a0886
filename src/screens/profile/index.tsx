import type { ComponentType } from 'react';
import { LanguageChoice } from '../shared/LanguageChoice';
import { ProfileScreen } from './ProfileScreen';

export const screens: Partial<Record<string, ComponentType>> = { profile: ProfileScreen, profileLanguage: LanguageChoice };
