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
 * Installs the worker that keeps the app shell for a reload without a connection, and tells it every script
 * and style this page loads, from the page's start (buffered) on. The shell alone lacks what loaded before the
 * worker ran (the language's messages, the screen's code) and what was asked for before it controlled the page
 * but arrived after (the home's chart): such a request passed the worker by, and its entry appears only once it
 * has loaded. The worker keeps those it lacks and ignores the others.
 */
export async function keepAppShell(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await registerServiceWorker();
  if (!registration) return;
  new PerformanceObserver((list) => {
    const urls = ownAssets(list.getEntries());
    const worker = registration.installing ?? registration.waiting ?? registration.active;
    if (urls.length > 0) worker?.postMessage({ type: 'KEEP_ASSETS', urls });
  }).observe({ type: 'resource', buffered: true });
}

/** The paths of the app's own scripts and styles among these loaded resources. */
function ownAssets(entries: PerformanceEntryList): string[] {
  return entries
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === window.location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.pathname);
}
