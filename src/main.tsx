import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { LOCALE_TAGS, splitLocalePath } from '../contract';
import { numberFormat } from '../contract/intlCache';
import { AppRoot, messagesLoaded } from './app/AppRoot';
import { NotFoundInShell, RouteError, ScreenError, Shell, ShellFallback } from './app/Shell';
import { deferredObserver } from './app/deferredObserver';
import { createAppSystem } from './app/system';
import { isDemoPage } from './platform/demoMode';
import { safeStorage } from './platform/storage';
import { buildRouteObjects, hydrationFor } from './routes';
import './ui/theme.css';
import './ui/kit.css';

// Zod probes for eval (`new Function`) at its first parse; the CSP (`script-src 'self'`) refuses it and the
// browser reports a violation. Zod keeps its settings in this global (zod/v4/core/core.js) and adopts one
// that exists when it loads, so it is set here, before any screen parses, without zod in the entry.
const zodHost = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodHost.__zod_globalConfig ??= {}).jitless = true;

const router = { current: null as ReturnType<typeof createBrowserRouter> | null };

// Development and demo mode only: every actor reports to the live flow view (/flows) and, with
// ?inspect=stately, to Stately's inspector. Any other page never loads the module; a demo page starts
// without waiting for it (the actors' first steps are handed over when it arrives).
const logError = (message: string, error?: unknown) => console.error(`[meridian] ${message}`, error);
const inspect =
  import.meta.env.DEV || isDemoPage()
    ? deferredObserver(
        import('./app/liveInspect').then(({ createLiveInspector }) => createLiveInspector(window.location.search, logError)),
        logError,
      )
    : undefined;

// Evaluating the entry's modules, creating the app system, starting it and the first render are each
// tens of milliseconds (four times that on a phone, which Lighthouse counts as blocking time); they run
// as separate tasks, so the page stays responsive between them. A message starts the next task: unlike a
// timer's, it is not held back in a tab opened in the background.
const nextTask = () =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = resolve;
    channel.port2.postMessage(null);
  });
await nextTask();

const system = createAppSystem(
  new URL(window.location.href),
  {
    navigate: (to, options) => void router.current?.navigate(to, options),
    pendingHref: () => {
      const pending = router.current?.state.navigation.location;
      return pending ? pending.pathname + pending.search + pending.hash : window.location.href;
    },
  },
  { inspect },
);

/**
 * The first render is on screen: what it did not need starts, and in a built app the service worker that
 * keeps the shell for offline use (development serves sources that change with every edit).
 */
function rendered() {
  system.rendered();
  if (import.meta.env.PROD)
    void import('./platform/serviceWorker')
      .then(({ keepAppShell }) => keepAppShell())
      .catch((error: unknown) => system.log('The service worker could not be installed', error));
}

const routeObjects = buildRouteObjects(system, { Shell, RouteError, Fallback: ShellFallback, NotFound: NotFoundInShell, ScreenError });
const container = document.getElementById('root')!;
// The server sends some pages already rendered, for a guest or for a customer (src/prerender.tsx). The
// page is taken over as it is only when this start renders the same: signed in or out as the rendering
// was, in the path's language (a language cookie may pick another); otherwise the app renders over it.
const hydrating =
  container.dataset.prerendered === (system.startsAs.signedIn ? 'customer' : 'guest') &&
  system.startsAs.locale === splitLocalePath(window.location.pathname).locale;
// What the first render needs is preloaded with the page: the messages and the screen's chunk.
const hydrationData = hydrating
  ? (await Promise.all([hydrationFor(routeObjects, window.location.pathname), messagesLoaded(system)]))[0]
  : undefined;
await nextTask();
router.current = createBrowserRouter(routeObjects, { hydrationData });
system.start();
await nextTask();
// The first number formatter of a language loads its data (ICU; Arabic's is the largest): in a task of
// its own rather than in the middle of the first render, which formats the page's amounts.
numberFormat(LOCALE_TAGS[system.startsAs.locale]);
await nextTask();

// A referral code and campaign tags in the landing address: read from the address as it came, but the
// code to keep them loads only when there is a query string, and after the start (sign-up reads the
// code at its submit).
const landingSearch = window.location.search;
const localStore = safeStorage('local');
if (localStore && landingSearch) {
  void import('./app/campaign').then(({ captureReferralCode, trackCampaignTags }) => {
    captureReferralCode(landingSearch, localStore);
    return trackCampaignTags(landingSearch, localStore, system.api.trackUtm, system.log, system.inspect);
  });
}

if (hydrating) {
  const started = router.current;
  // The build allowed the page for any guest; the guard (route rules, session) decides now that it is live.
  // In a transition, React hydrates in slices of a few milliseconds instead of one long task; the page
  // shows the prerendered markup meanwhile, so nothing changes for the customer.
  startTransition(() => {
    hydrateRoot(
      container,
      <AppRoot
        system={system}
        onHydrated={() => {
          void started.revalidate();
          // In a task of its own: what starts then is not part of the hydration's last task.
          void nextTask().then(rendered);
        }}
      >
        <RouterProvider router={started} />
      </AppRoot>,
    );
  });
} else {
  createRoot(container).render(
    <AppRoot system={system} onHydrated={() => void nextTask().then(rendered)}>
      <RouterProvider router={router.current} />
    </AppRoot>,
  );
}
