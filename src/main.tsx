import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { config as zodConfig } from 'zod/v4/core';
import { captureReferralCode, trackCampaignTags } from './app/campaign';
import { SystemContext } from './app/context';
import { NotFoundInShell, RouteError, Shell, ShellFallback } from './app/Shell';
import { createAppSystem } from './app/system';
import { safeStorage } from './platform/storage';
import { buildRouteObjects } from './routes';
import { ScreenSkeleton } from './ui/Skeleton';
import './ui/theme.css';
import './ui/kit.css';

// Zod probes for eval (`new Function`) at its first parse, to compile faster validators; the CSP
// (`script-src 'self'`) refuses it and the browser reports a violation each time. Validate uncompiled.
zodConfig({ jitless: true });

const router = { current: null as ReturnType<typeof createBrowserRouter> | null };

// Development only: actors report to the live flow explorer (/flows) and, with ?inspect=stately, to
// Stately's inspector. The condition is false in production builds, so the module is not bundled.
const inspect = import.meta.env.DEV
  ? (await import('./app/devInspect')).createDevInspector(window.location.search, (message, error) =>
      console.error(`[meridian] ${message}`, error),
    )
  : undefined;

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

router.current = createBrowserRouter(buildRouteObjects(system, { Shell, RouteError, Fallback: ShellFallback, NotFound: NotFoundInShell }));
system.start();

const localStore = safeStorage('local');
if (localStore) {
  captureReferralCode(window.location.search, localStore);
  void trackCampaignTags(window.location.search, localStore, system.api.trackUtm, system.log);
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SystemContext value={system}>
      <I18nextProvider i18n={system.i18n}>
        <QueryClientProvider client={system.queryClient}>
          <Suspense fallback={<ScreenSkeleton />}>
            <RouterProvider router={router.current} />
          </Suspense>
        </QueryClientProvider>
      </I18nextProvider>
    </SystemContext>
  </StrictMode>,
);
