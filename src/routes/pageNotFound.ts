/**
 * What a screen throws when its route parameter names nothing the customer may see (an account id that
 * is not theirs): the same 404 error page as a failed route validation ("Page Not Found: {path}"), the
 * shape react-router's isRouteErrorResponse recognises. Its own module: a screen chunk importing the
 * route table's module (src/routes/index.tsx) waited on the entry's top-level await and never rendered.
 */
export function pageNotFound(path: string) {
  return { status: 404, statusText: 'Not Found', internal: false, data: { path } };
}
