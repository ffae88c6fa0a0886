import type { ComponentType } from 'react';
import { LanguageChoice } from '../shared/LanguageChoice';
import { ProfileScreen } from './ProfileScreen';
import { SecurityScreen } from './SecurityScreen';

export const screens: Partial<Record<string, ComponentType>> = { profile: ProfileScreen, profileLanguage: LanguageChoice, profileSecurity: SecurityScreen };
