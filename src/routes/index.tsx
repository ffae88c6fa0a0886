import {
  data,
  matchRoutes,
  Outlet,
  redirect,
  useLoaderData,
  type HydrationState,
  type LoaderFunctionArgs,
  type RouteObject,
  type UIMatch,
} from 'react-router';
import { DEFAULT_LOCALE, isLocale } from '../../contract';
import type { AppSystem } from '../app/system';
import { routes, type Area, type RouteDef } from './table';
import type { ComponentType } from 'react';

export interface RouteHandle {
  /** The route table id, or null for the catch-all “page not found”. */
  routeId: string | null;
}

type AreaModule = { screens: Partial<Record<string, ComponentType>> };

/**
 * One lazily loaded chunk per area that has screens of its own (literal imports let Vite split them).
 * A route without its own screen yet shows the shared RouteScreen: title, purpose and navigation.
 */
const areaModules: Partial<Record<Area, () => Promise<AreaModule>>> = {
  auth: () => import('../screens/auth'),
  home: () => import('../screens/home'),
  accounts: () => import('../screens/accounts'),
  register: () => import('../screens/register'),
  profile: () => import('../screens/profile'),
  'card-accounts': () => import('../screens/card-accounts'),
  pay: () => import('../screens/pay'),
  flows: () => import('../screens/flows'),
  simulate: () => import('../screens/simulate'),
  transfer: () => import('../screens/transfer'),
  onboarding: () => import('../screens/onboarding'),
  help: () => import('../screens/help'),
  legal: () => import('../screens/legal'),
  kyc: () => import('../screens/kyc'),
  inject: () => import('../screens/inject'),
  wallet: () => import('../screens/wallet'),
};

async function screenFor(def: RouteDef): Promise<ComponentType> {
  try {
    const area = await areaModules[def.area]?.();
    return area?.screens[def.id] ?? (await import('../screens/shared/RouteScreen')).RouteScreen;
  } catch (error) {
    // A route whose lazy Component rejected stays lazy, and React Router renders such a route as still
    // loading: nothing below the shell, not its ErrorBoundary. Thrown as the screen renders instead, the
    // failure reaches ScreenError (offline: the notice); the app machine has it from `vite:preloadError`.
    return function ScreenCodeMissing(): never {
      throw error;
    };
  }
}

/** The answer of the guard for a page that matches no route: shown inside the shell. */
export interface NotFoundData {
  notFoundPath: string;
}

function isNotFound(value: unknown): value is NotFoundData {
  return typeof value === 'object' && value !== null && 'notFoundPath' in value;
}

/** The table route showing now; null for the in-shell 404 (also when a route matched under an unknown prefix). */
export function currentRouteId(matches: UIMatch[]): string | null {
  if (matches.some((match) => isNotFound(match.loaderData))) return null;
  return (matches.at(-1)?.handle as RouteHandle | undefined)?.routeId ?? null;
}

/** Runs before every page: the app system asks the route guard what to do with this URL. */
async function guardLoader(system: AppSystem, { request }: LoaderFunctionArgs): Promise<NotFoundData | null> {
  const decision = await system.decide(new URL(request.url));
  if (decision === 'leaving') return new Promise(() => {});
  switch (decision.kind) {
    case 'allow':
      return null;
    case 'redirect':
      throw redirect(decision.to);
    case 'externalRedirect':
      window.location.assign(decision.url);
      // The page is going away; render nothing meanwhile.
      return new Promise(() => {});
    case 'notFound':
      if (decision.fatal) throw data({ path: decision.path }, { status: 404, statusText: 'Not Found' });
      return { notFoundPath: decision.path };
    case 'error':
      // An unknown route middleware throws (docs/product.md#errors); the route's error page says "Internal Server Error".
      throw new Error(decision.message);
  }
}

/** The optional first segment: one of the seven prefixed locales (English is bare, so `/en/…` is unknown). */
function localePrefixLoader({ params, request }: LoaderFunctionArgs): NotFoundData | null {
  const prefix = params.locale;
  if (prefix === undefined || (isLocale(prefix) && prefix !== DEFAULT_LOCALE)) return null;
  return { notFoundPath: new URL(request.url).pathname };
}

/** The page under a known locale prefix, else the in-shell 404 (`/xx/login` is not a page). */
function localePrefix(NotFound: ComponentType) {
  return function LocalePrefix() {
    return isNotFound(useLoaderData()) ? <NotFound /> : <Outlet />;
  };
}

/**
 * The route table once, under an optional locale segment (`/login`, `/de/login`, `/de` for home),
 * plus the in-shell 404 for anything else, all under the app shell.
 */
export function buildRouteObjects(
  system: AppSystem,
  shell: {
    Shell: ComponentType;
    RouteError: ComponentType;
    Fallback: ComponentType;
    NotFound: ComponentType;
    /** A page that failed to open inside the shell (offline); it passes any other failure on to RouteError. */
    ScreenError: ComponentType;
  },
): RouteObject[] {
  const loader = (args: LoaderFunctionArgs) => guardLoader(system, args);
  return [
    {
      id: 'root',
      Component: shell.Shell,
      ErrorBoundary: shell.RouteError,
      HydrateFallback: shell.Fallback,
      children: [
        {
          id: 'locale',
          path: ':locale?',
          loader: localePrefixLoader,
          Component: localePrefix(shell.NotFound),
          children: routes.map((def): RouteObject => ({
            id: def.id,
            ...(def.path === '/' ? { index: true } : { path: def.path.slice(1) }),
            loader,
            lazy: { Component: () => screenFor(def) },
            ErrorBoundary: shell.ScreenError,
            handle: { routeId: def.id } satisfies RouteHandle,
          })),
        },
        {
          id: 'notFound',
          path: '*',
          loader,
          Component: shell.NotFound,
          handle: { routeId: null } satisfies RouteHandle,
        },
      ],
    },
  ];
}

/**
 * Makes the router start on a prerendered page (src/prerender.tsx) as it ended at build time, so hydration
 * renders the same tree at once: the screens of the routes `pathname` opens are loaded (and no longer
 * lazy), and their loaders count as done with what they answered then (null: the guard allowed the page).
 * The app runs the loaders again once hydrated (`router.revalidate()`), so the guard still decides.
 */
export async function hydrationFor(routeObjects: RouteObject[], pathname: string): Promise<HydrationState> {
  const matches = matchRoutes(routeObjects, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'object' || !route.lazy.Component) return;
      route.Component = await route.lazy.Component();
      delete route.lazy;
    }),
  );
  return { loaderData: Object.fromEntries(matches.filter(({ route }) => route.loader).map(({ route }) => [route.id, null])) };
}
