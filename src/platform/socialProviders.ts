import { SOCIAL_PROVIDERS, type SocialProvider } from '../../contract/social';

/**
 * The sign-in providers this server has configured, which it writes into every page it serves
 * (`<html data-social>`, server/preload.ts), so the buttons are there or not from the first paint. A
 * page no server wrote offers them all: the build's prerender (the server trims its markup to the
 * configured ones) and Vite's dev server (`npm run dev` runs both local stand-ins).
 */
export function socialProviders(): readonly SocialProvider[] {
  const written = typeof document === 'undefined' ? undefined : document.documentElement.dataset.social;
  if (written === undefined) return SOCIAL_PROVIDERS;
  const configured = written.split(' ');
  return SOCIAL_PROVIDERS.filter((provider) => configured.includes(provider));
}
