// Meridian's service worker: keeps the app shell (the page, its scripts and styles) so that a reload without a
// connection still opens the app, which then says it is offline; shows the pushes the server sends (already in
// the customer's language) and opens the app where a push points when it is clicked.
//
// It never keeps an answer of the API (balances, activities: the app keeps the last figures itself and marks
// them as old) nor builds/latest.json (the new-version check must reach the server), and it never answers
// them: the browser fetches them as if there were no worker.

// The app registers /sw.js?build=<id> (src/platform/serviceWorker.ts): each build is a new worker with a
// cache of its own, installed when a page of that build loads — after the new-version reload, for a tab that
// ran the old one — and the old build's cache goes when it takes over.
const BUILD = new URL(self.location.href).searchParams.get('build') ?? 'unversioned';
const CACHE_PREFIX = 'meridian-shell-';
const CACHE = `${CACHE_PREFIX}${BUILD}`;
// What any page is offline: the app's empty shell, which renders the page asked for itself. With a query, the
// server never sends a prerendered page (rendered for a guest or a customer, not for every path).
const SHELL_PAGE = '/?app-shell';
// Besides the shell's scripts and styles (read from it): what the first render fetches, and the install's look.
const SHELL_FILES = ['/app-start.js', '/route-rules.json', '/favicon.svg', '/manifest.webmanifest', '/icons/icon-192.png'];
// The development server's pages load sources that change with every edit: nothing is kept there.
const KEEPS_SHELL = BUILD !== 'dev';

const isAsset = (url) => url.origin === self.location.origin && url.pathname.startsWith('/assets/');

async function keepShell() {
  const cache = await caches.open(CACHE);
  const page = await fetch(SHELL_PAGE, { cache: 'no-store' });
  if (!page.ok) throw new Error(`The app shell answered ${page.status}`);
  const html = await page.clone().text();
  const assets = [...new Set(html.match(/\/assets\/[^"'\s]+/g) ?? [])];
  await Promise.all([cache.put(SHELL_PAGE, page), cache.addAll([...SHELL_FILES, ...assets])]);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (KEEPS_SHELL ? keepShell() : Promise.resolve())
      // Without the shell (offline while installing) the app works as before, and push still does.
      .catch((error) => console.warn('[meridian] The app shell was not kept for offline use', error))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) =>
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  ),
);

// The page tells what it loaded before this worker ran (its language's messages, its screen): kept too, so
// that the same page opens offline.
self.addEventListener('message', (event) => {
  if (!KEEPS_SHELL || event.data?.type !== 'KEEP_ASSETS' || !Array.isArray(event.data.urls)) return;
  const urls = event.data.urls.filter((href) => typeof href === 'string' && isAsset(new URL(href, self.location.origin)));
  event.waitUntil(
    caches
      .open(CACHE)
      .then(async (cache) => {
        const missing = await Promise.all(urls.map(async (href) => ((await cache.match(href)) ? null : href)));
        await cache.addAll(missing.filter(Boolean));
      })
      .catch((error) => console.warn('[meridian] Assets were not kept for offline use', error)),
  );
});

/** The network's answer, kept for later; offline, the kept one (or the shell, for a page). */
async function networkFirst(request, fallback) {
  const cache = await caches.open(CACHE);
  try {
    const answer = await fetch(request);
    if (answer.ok && request.mode !== 'navigate') await cache.put(request, answer.clone());
    return answer;
  } catch (error) {
    const kept = await cache.match(fallback ?? request);
    if (kept) return kept;
    throw error;
  }
}

/** Assets carry their content's hash in their name: a kept one is the right one. */
async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const answer = await fetch(request);
  if (answer.ok) await cache.put(request, answer.clone());
  return answer;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (!KEEPS_SHELL || request.method !== 'GET' || url.origin !== self.location.origin) return;
  // Pages always come from the server while it answers: signed in or out, in the customer's language, this build.
  if (request.mode === 'navigate') event.respondWith(networkFirst(request, SHELL_PAGE));
  else if (isAsset(url)) event.respondWith(cacheFirst(request));
  else if (SHELL_FILES.includes(url.pathname)) event.respondWith(networkFirst(request));
  // Anything else — the API, builds/latest.json — is the browser's, untouched.
});

self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  if (!message || typeof message.title !== 'string') return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: typeof message.body === 'string' ? message.body : '',
      tag: typeof message.tag === 'string' ? message.tag : undefined,
      icon: '/favicon.svg',
      // Only a path of this app: a push cannot send the customer elsewhere.
      data: { url: typeof message.url === 'string' && message.url.startsWith('/') && !message.url.startsWith('//') ? message.url : '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        if (open.url !== target) await open.navigate(target);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
