// Build-time rendering of the public pages (run by scripts/prerender.ts in Node, through Vite): the
// server sends their HTML, so the first paint needs no script, and src/main.tsx hydrates it.
import { prerenderToNodeStream } from 'react-dom/static';
import { text } from 'node:stream/consumers';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppRoot, messagesLoaded } from './app/AppRoot';
import { NotFoundInShell, RouteError, ScreenError, Shell, ShellFallback } from './app/Shell';
import { createAppSystem } from './app/system';
import { buildRouteObjects } from './routes';
import { routesById } from './routes/table';

/**
 * The pages rendered at build time, and for whom: the two most first visits see, for guests, and the two
 * a returning customer opens most, for customers. Their first render depends on nothing but the locale
 * (no stored progress; a customer's data is not loaded yet, so the screen shows its placeholders), which
 * is what makes one HTML per locale right.
 */
export const PRERENDERED_ROUTES = { welcome: 'guest', login: 'guest', home: 'customer', profileSecurity: 'customer' } as const;

/** Whom a page is rendered for (server/preload-manifest.ts has the same two words: the server serves them). */
type Audience = (typeof PRERENDERED_ROUTES)[keyof typeof PRERENDERED_ROUTES];

export const prerenderedPath = (routeId: keyof typeof PRERENDERED_ROUTES) => routesById.get(routeId)!.path;

/**
 * The markup of `#root` and the document title for one page (a path with its locale prefix), as a
 * guest without cookies, or a customer with a session, sees it on the first render.
 */
export async function prerenderPage(pathname: string, audience: Audience): Promise<{ root: string; title: string }> {
  const url = new URL(pathname, 'http://localhost');
  const system = createAppSystem(
    url,
    { navigate: () => {}, pendingHref: () => pathname },
    audience === 'customer' ? { sessionCookies: { hasAuthToken: true, hasRefreshToken: true } } : {},
  );
  // The children only (session, language…): the page listeners of system.start() need a window.
  system.app.start();
  try {
    await messagesLoaded(system);
    // The build knows neither route rules nor a real session: it renders the page as the guard allows it;
    // the browser runs the guard once it has taken the page over.
    const routeObjects = buildRouteObjects(
      { ...system, decide: () => Promise.resolve({ kind: 'allow' }) },
      { Shell, RouteError, Fallback: ShellFallback, NotFound: NotFoundInShell, ScreenError },
    );
    const handler = createStaticHandler(routeObjects);
    const context = await handler.query(new Request(url));
    if (context instanceof Response) throw new Error(`${pathname} answered ${context.status} at build time`);
    if (context.errors) throw new Error(`${pathname} failed at build time: ${JSON.stringify(context.errors)}`);
    const errors: unknown[] = [];
    // Waits for everything that suspends (lazy parts, messages), as hydration will have it at once.
    const { prelude } = await prerenderToNodeStream(
      <AppRoot system={system}>
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
      </AppRoot>,
      {
        onError: (error) => void errors.push(error),
        // React moves a finished Suspense boundary larger than this many bytes out of place (a fallback, the
        // content in a hidden <div> and an inline <script> that swaps them). The CSP refuses that script, so
        // the fallback stayed and hydration gave up on the boundary (#419): /profile/security's screen in
        // Arabic, Russian and Thai (two or three bytes a letter) passed the default 12 800 bytes. Everything
        // is ready here, so every boundary stays in place.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
      },
    );
    if (errors.length) throw new AggregateError(errors, `${pathname} failed to render at build time`);
    const html = await text(prelude);
    // Whatever else makes React write a script (a boundary still pending) would be refused the same way.
    if (/<script|<template/.test(html)) throw new Error(`${pathname} rendered an inline script at build time`);
    // React puts the Shell's <title> first; the document's head is where it belongs.
    const title = /^<title>(.*?)<\/title>/.exec(html);
    if (!title) throw new Error(`${pathname} rendered no <title>: ${html.slice(0, 3000)}`);
    return { root: html.slice(title[0].length), title: title[1]! };
  } finally {
    system.app.stop();
    // The screens' queries (never fetched here) would keep the build's process alive until their gcTime.
    system.queryClient.clear();
  }
}
