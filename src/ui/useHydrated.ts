import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False while React takes over a prerendered page (src/prerender.tsx) and in the build's rendering; true
 * once the page is live (at once on a page the app rendered itself). A form shown before its scripts
 * run uses it to accept nothing yet: submitted natively, it would put what was typed in the URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
