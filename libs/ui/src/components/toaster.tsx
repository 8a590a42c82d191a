import type { ComponentProps, CSSProperties } from 'react';
import { Toaster as Sonner } from 'sonner';
import { useIsMobile } from '../lib/use-is-mobile';
import { useTheme } from './theme-toggle';

// One <Toaster /> in the shell; any app (shell or remote) calls `toast` from @academy/ui.
export { toast } from 'sonner';

/** Clear of the dashboards' sticky header (h-14, 3.5rem) with a gap: its menu button and Sign Out stay uncovered. */
const TOAST_TOP_OFFSET = 'calc(3.5rem + 8px)';

/**
 * Where a toast shows depends on the width:
 * - from the mobile breakpoint up, bottom right: at the top, a toast sat over the header's email and
 *   Sign Out for its whole life (issue 18);
 * - below it (phones), at the top, under the header: Sonner makes a phone's toast as wide as the
 *   screen, and at the bottom it covered the bottom of the screen, where a form's primary action and
 *   the next step are (issue 28 §6a).
 */
export function Toaster(props: ComponentProps<typeof Sonner>) {
  const theme = useTheme();
  const phone = useIsMobile();
  return (
    <Sonner
      theme={theme}
      className="toaster group"
      position={phone ? 'top-center' : 'bottom-right'}
      // Sonner reads `offset` above 600 px and `mobileOffset` below; only the top one is changed.
      offset={{ top: TOAST_TOP_OFFSET }}
      mobileOffset={{ top: TOAST_TOP_OFFSET }}
      richColors
      closeButton
      style={{ '--normal-bg': 'var(--background)', '--normal-text': 'var(--foreground)', '--normal-border': 'var(--border)' } as CSSProperties}
      {...props}
    />
  );
}
