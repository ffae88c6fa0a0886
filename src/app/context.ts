import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import { localizePath, type Locale } from '../../contract';
import type { AppSystem } from './system';

export const SystemContext = createContext<AppSystem | null>(null);

export function useSystem(): AppSystem {
  const system = useContext(SystemContext);
  if (!system) throw new Error('useSystem() outside <SystemContext>');
  return system;
}

export function useLocale(): Locale {
  return useSelector(useSystem().language, (snapshot) => snapshot.context.locale);
}

export function useSignedIn(): boolean {
  return useSelector(useSystem().session, (snapshot) => snapshot.hasTag('signedIn'));
}

/** Turns an English-form path into the current locale's path. */
export function useLocalize(): (basePath: string) => string {
  const locale = useLocale();
  return (basePath) => localizePath(basePath, locale);
}
