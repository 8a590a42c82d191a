import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT } from './sidebar-state';

// Apart from the sidebar, so that what only needs the breakpoint (the toaster, which the landing page
// loads on its own) does not bring the sidebar and its sheet along.
const mobileQuery = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;

/** True under the mobile breakpoint; follows resizes. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mql = window.matchMedia(mobileQuery);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    () => window.matchMedia(mobileQuery).matches,
    () => false,
  );
}
