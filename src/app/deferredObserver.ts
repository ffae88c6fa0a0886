import type { Observer } from 'xstate';

/**
 * An observer whose real one loads later (a lazy chunk): what it is told meanwhile is kept and handed over
 * in order once it is there, and dropped if it never comes. The page's start never waits for it.
 */
export function deferredObserver<T>(load: Promise<Observer<T>>, log: (message: string, error?: unknown) => void): Observer<T> {
  let pending: T[] | null = [];
  let target: Observer<T> | null = null;
  load
    .then((loaded) => {
      target = loaded;
      for (const value of pending ?? []) loaded.next?.(value);
    })
    .catch((error: unknown) => log('An inspector could not be loaded', error))
    .finally(() => (pending = null));
  return { next: (value) => (target ? target.next?.(value) : pending?.push(value)) };
}
