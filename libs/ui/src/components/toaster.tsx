import type { ComponentProps, CSSProperties } from 'react';
import { Toaster as Sonner } from 'sonner';

// One <Toaster /> in the shell; any app (shell or remote) calls `toast` from @academy/ui.
export { toast } from 'sonner';

export function Toaster(props: ComponentProps<typeof Sonner>) {
  return (
    <Sonner
      className="toaster group"
      richColors
      closeButton
      style={{ '--normal-bg': 'var(--background)', '--normal-text': 'var(--foreground)', '--normal-border': 'var(--border)' } as CSSProperties}
      {...props}
    />
  );
}
