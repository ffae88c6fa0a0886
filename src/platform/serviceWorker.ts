import { RUNNING_BUILD_ID } from './build';

/**
 * This build's service worker (public/sw.js), whose URL names the build: a new build is a new worker with a
 * cache of its own. Push registers it too, by the same URL: a registration has one script, so another URL
 * would replace this build's worker.
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  // Where service workers are blocked (Playwright's projects that intercept requests) this answers nothing.
  return navigator.serviceWorker.register(`/sw.js?build=${encodeURIComponent(RUNNING_BUILD_ID)}`, { scope: '/' });
}

/**
 * Installs the worker that keeps the app shell for a reload without a connection, and tells it what this
 * page loaded before it ran (the language's messages, the screen's code), which the shell alone lacks.
 */
export async function keepAppShell(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await registerServiceWorker();
  const worker = registration?.installing ?? registration?.waiting ?? registration?.active;
  worker?.postMessage({ type: 'KEEP_ASSETS', urls: loadedAssets() });
  // What loads until the worker controls the page (the home's chart, asked for once the page is live)
  // passes it by: told again then; from then on the worker keeps what it serves.
  navigator.serviceWorker.addEventListener(
    'controllerchange',
    () => navigator.serviceWorker.controller?.postMessage({ type: 'KEEP_ASSETS', urls: loadedAssets() }),
    { once: true },
  );
}

/** The app's own scripts and styles this page has loaded so far. */
function loadedAssets(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === window.location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.pathname);
}
