import type { ComponentProps } from 'react';
import { LoaderCircle } from 'lucide-react';
import { cn } from '../lib/cn';

/** A busy indicator that screen readers announce (role="status") with its label. */
export function Spinner({ className, label = 'Loading…', ...props }: ComponentProps<'div'> & { label?: string }) {
  return (
    <div role="status" data-slot="spinner" className={cn('flex items-center justify-center gap-2 text-muted-foreground', className)} {...props}>
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
