import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * How long back/forward waits before putting the page back where it was: the screen's data (cached by
 * then) has rendered, so the page is tall enough again (docs/product.md, "Navigation").
 */
export const SCROLL_RESTORE_WAIT_MS = 100;

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
    let timer: ReturnType<typeof setTimeout> | undefined;
    const saved = positions.get(key);
    if (navigationType === 'POP') {
      if (saved !== undefined) timer = setTimeout(() => window.scrollTo(0, saved), SCROLL_RESTORE_WAIT_MS);
    } else if (!hash) {
      window.scrollTo(0, 0);
    }
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', remember);
    };
  }, [key, hash, navigationType]);
}
