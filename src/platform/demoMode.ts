/**
 * Whether the server that sent this page runs in demo mode: it writes `<html data-demo>` then
 * (server/preload.ts). A page no server wrote (the build's prerender) is not a demo.
 */
export function isDemoPage(): boolean {
  return typeof document !== 'undefined' && document.documentElement.hasAttribute('data-demo');
}
