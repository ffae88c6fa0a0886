import { data, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { LOCALES, localizePath, type Locale } from '../../contract';
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
  register: () => import('../screens/register'),
  profile: () => import('../screens/profile'),
  flows: () => import('../screens/flows'),
};

async function screenFor(def: RouteDef): Promise<ComponentType> {
  const area = await areaModules[def.area]?.();
  return area?.screens[def.id] ?? (await import('../screens/shared/RouteScreen')).RouteScreen;
}

/** The answer of the guard for a page that matches no route: shown inside the shell. */
export interface NotFoundData {
  notFoundPath: string;
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
  }
}

function localeRoutes(system: AppSystem, locale: Locale): RouteObject[] {
  return routes.map((def) => ({
    id: `${locale}:${def.id}`,
    path: localizePath(def.path, locale),
    loader: (args) => guardLoader(system, args),
    lazy: { Component: () => screenFor(def) },
    handle: { routeId: def.id } satisfies RouteHandle,
  }));
}

/** Every route of the table in all eight locales, plus the in-shell 404, under the app shell. */
export function buildRouteObjects(
  system: AppSystem,
  shell: { Shell: ComponentType; RouteError: ComponentType; Fallback: ComponentType; NotFound: ComponentType },
): RouteObject[] {
  return [
    {
      id: 'root',
      Component: shell.Shell,
      ErrorBoundary: shell.RouteError,
      HydrateFallback: shell.Fallback,
      children: [
        ...LOCALES.flatMap((locale) => localeRoutes(system, locale)),
        {
          id: 'notFound',
          path: '*',
          loader: (args) => guardLoader(system, args),
          Component: shell.NotFound,
          handle: { routeId: null } satisfies RouteHandle,
        },
      ],
    },
  ];
}
