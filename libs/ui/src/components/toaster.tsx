import type { ComponentProps, CSSProperties } from 'react';
import { Toaster as Sonner } from 'sonner';
import { useTheme } from './theme-toggle';

// One <Toaster /> in the shell; any app (shell or remote) calls `toast` from @academy/ui.
export { toast } from 'sonner';

/**
 * Bottom right: at the top, a toast sat over the header's email and Sign Out for its whole life
 * (issue 18). Sonner keeps toasts at the bottom on phones too.
 */
export function Toaster(props: ComponentProps<typeof Sonner>) {
  const theme = useTheme();
  return (
    <Sonner
      theme={theme}
      className="toaster group"
      position="bottom-right"
      richColors
      closeButton
      style={{ '--normal-bg': 'var(--background)', '--normal-text': 'var(--foreground)', '--normal-border': 'var(--border)' } as CSSProperties}
      {...props}
    />
  );
}
