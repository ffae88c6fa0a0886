import type { LatestBuild } from '../../contract/browser';

/** Set by vite.config.ts at build time; `dev` while developing. */
export const RUNNING_BUILD_ID: string = import.meta.env.VITE_BUILD_ID ?? 'dev';

export async function fetchLatestBuild(): Promise<LatestBuild> {
  const response = await fetch(`${import.meta.env.BASE_URL}builds/latest.json?t=${Date.now()}`, { cache: 'no-store' });
  if (!response.ok) throw new Error(`builds/latest.json answered ${response.status}`);
  // Loaded when first needed: the first load's bundle carries no zod.
  const { latestBuildSchema } = await import('../../contract/browser');
  return latestBuildSchema.parse(await response.json());
}
