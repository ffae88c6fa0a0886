import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense, useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useSelector } from '@xstate/react';
import { HiddenAmountsContext } from '../ui/hiddenAmounts';
import { useHydrated } from '../ui/useHydrated';
import { ScreenSkeleton } from '../ui/Skeleton';
import { SystemContext } from './context';
import type { AppSystem } from './system';

/**
 * What every page renders around its router: the same tree in the browser (src/main.tsx) and at build
 * time (src/prerender.tsx), so a prerendered page hydrates without a mismatch.
 */
export function AppRoot({ system, children, onHydrated }: { system: AppSystem; children: ReactNode; onHydrated?: () => void }) {
  return (
    <StrictMode>
      <SystemContext value={system}>
        <I18nextProvider i18n={system.i18n}>
          <QueryClientProvider client={system.queryClient}>
            <HiddenAmounts system={system}>
              <Suspense fallback={<ScreenSkeleton />}>
                {children}
                {onHydrated ? <AfterCommit run={onHydrated} /> : null}
              </Suspense>
            </HiddenAmounts>
          </QueryClientProvider>
        </I18nextProvider>
      </SystemContext>
    </StrictMode>
  );
}

/**
 * The hide-balances flag of the balances machine (running signed in or not) for every `Money`. A page
 * rendered at build time knows no device's choice: amounts show as there until it is live.
 */
function HiddenAmounts({ system, children }: { system: AppSystem; children: ReactNode }) {
  const hidden = useSelector(system.balances, (snapshot) => snapshot.context.hidden);
  const hydrated = useHydrated();
  return <HiddenAmountsContext value={hidden && hydrated}>{children}</HiddenAmountsContext>;
}

/** Calls `run` once the tree around it is committed (hydrated, for a prerendered page); once, even in StrictMode. */
function AfterCommit({ run }: { run: () => void }) {
  useEffect(() => {
    if (ran.has(run)) return;
    ran.add(run);
    run();
  }, [run]);
  return null;
}
const ran = new WeakSet<() => void>();

/** Resolves once the i18next instance has loaded its language's messages (they are preloaded with the page). */
export function messagesLoaded(system: AppSystem): Promise<void> {
  const { i18n } = system;
  return i18n.isInitialized ? Promise.resolve() : new Promise((resolve) => i18n.on('initialized', () => resolve()));
}
