import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

/** A bar filled to `percent` (0–100), announced as a progressbar: name it with aria-label or aria-labelledby. */
export function ProgressBar({ percent, className, ...props }: { percent: number } & Omit<ComponentProps<'div'>, 'children'>) {
  return (
    <div role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className={cn('h-2 w-full overflow-hidden rounded-full bg-muted', className)} {...props}>
      <div className="h-full bg-primary transition-all" style={{ width: `${percent}%` }} />
    </div>
  );
}
