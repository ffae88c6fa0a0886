import { lazy, useSyncExternalStore } from 'react';

/**
 * The toast library loads with the first toast, not with the app: from then on the shell renders its
 * Toaster (`useToastsShown`), which shows the toasts made before it mounted too (sonner replays them).
 */
let sonner: Promise<typeof import('sonner')> | undefined;
const listeners = new Set<() => void>();

function loadSonner() {
  if (!sonner) {
    sonner = import('sonner');
    listeners.forEach((listener) => listener());
  }
  return sonner;
}

/**
 * Toasts for machines' side effects. Errors stay until dismissed (docs/design.md#interaction); a toast is never the only
 * place an error shows where there is a screen to show it on.
 */
export const notify = {
  error: (message: string) => void loadSonner().then(({ toast }) => toast.error(message, { duration: Infinity, closeButton: true })),
  success: (message: string) => void loadSonner().then(({ toast }) => toast.success(message)),
};

/** True once a toast was asked for. */
export function useToastsShown(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    () => sonner !== undefined,
    // Prerendered pages (src/prerender.tsx) show no toast.
    () => false,
  );
}

export const Toaster = lazy(async () => ({ default: (await loadSonner()).Toaster }));
