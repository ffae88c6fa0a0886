import type { ComponentType } from 'react';
import { LanguageChoice } from '../shared/LanguageChoice';

export const screens: Partial<Record<string, ComponentType>> = { profileLanguage: LanguageChoice };
