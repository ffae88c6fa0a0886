import { useEffect, useEffectEvent, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * While `open`, a history entry of the same address stands for a sheet, so the browser's back closes it
 * (`onBack`) instead of leaving the page and what was typed on it; a sheet closed any other way takes its
 * entry back, so the next back leaves the page as before. `name` tells one page's sheets apart.
 */
export function useBackCloses(open: boolean, onBack: () => void, name: string): void {
  const location = useLocation();
  const navigate = useNavigate();
  const pushed = useRef(false);
  const back = useEffectEvent(onBack);
  const state = location.state as Record<string, unknown> | null;
  const inHistory = state?.sheet === name;
  useEffect(() => {
    if (open && !pushed.current) {
      pushed.current = true;
      // The same page with a sheet: nothing for the route guard to decide again. Revalidating would hold the
      // entry back until the guard's checks answer, and a back meanwhile would leave the page.
      void navigate(location, { state: { ...state, sheet: name }, defaultShouldRevalidate: false });
    } else if (open && !inHistory) {
      pushed.current = false;
      back();
    } else if (!open && pushed.current) {
      pushed.current = false;
      if (inHistory) void navigate(-1);
    }
    // Only opening, closing and the entry's coming and going matter; the location itself is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, inHistory]);
}
