import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * How long back/forward waits at most for the page to grow tall enough to be put back where it was (its
 * screen's chunk and cached data render within it); then it goes as far as the page allows.
 */
export const SCROLL_RESTORE_WAIT_MS = 1000;

/** Where each history entry of this tab was scrolled to, by the router's key of the entry. */
const positions = new Map<string, number>();

/**
 * A new page opens at its top; back and forward return to where that page was scrolled. The browser's own
 * restoration is off: it would restore before the screen has rendered, onto a page still too short.
 */
export function useScrollPositions() {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();
  // At the commit, before the browser reports a scroll the new page caused to the old entry's listener.
  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    const remember = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    let stopRestoring = () => {};
    const saved = positions.get(key);
    if (navigationType === 'POP') {
      if (saved !== undefined) stopRestoring = restoreWhenTallEnough(saved);
    } else if (!hash) {
      window.scrollTo(0, 0);
    }
    return () => {
      stopRestoring();
      window.removeEventListener('scroll', remember);
    };
  }, [key, hash, navigationType]);
}

/**
 * Scrolls to `offset` as soon as the page is tall enough for it (a fixed wait would scroll a page still
 * rendering to a shorter offset, the browser clamping it), or as far as it goes after the longest wait.
 */
function restoreWhenTallEnough(offset: number): () => void {
  const page = document.scrollingElement ?? document.documentElement;
  const tallEnough = () => page.scrollHeight - window.innerHeight >= offset;
  const observer = new ResizeObserver(() => {
    if (tallEnough()) finish();
  });
  const timer = setTimeout(() => finish(), SCROLL_RESTORE_WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  function finish() {
    stop();
    window.scrollTo(0, offset);
  }
  if (tallEnough()) {
    // Already rendered (cached data): after this commit's layout, as the browser would.
    const frame = requestAnimationFrame(() => finish());
    return () => {
      cancelAnimationFrame(frame);
      stop();
    };
  }
  observer.observe(document.body);
  return stop;
}
