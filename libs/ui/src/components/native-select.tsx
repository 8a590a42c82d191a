import type { ComponentProps } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '../lib/cn';

/** One choice of a NativeSelect. */
export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/**
 * The browser's own <select>, styled like Input: keyboard, screen readers and phones handle it
 * natively, and tests pick an option by its label.
 */
export function NativeSelect({ className, options, ...props }: Omit<ComponentProps<'select'>, 'children'> & { options: readonly SelectOption[] }) {
  return (
    <div data-slot="native-select-wrapper" className="relative w-full min-w-0">
      <select
        data-slot="native-select"
        className={cn(
          'flex h-9 w-full min-w-0 appearance-none rounded-md border border-input bg-transparent py-1 pr-8 pl-3 text-base shadow-xs outline-none transition-[color,box-shadow] disabled:cursor-not-allowed disabled:opacity-50 md:text-sm',
          'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
          'aria-invalid:border-destructive aria-invalid:ring-destructive/20',
          className,
        )}
        {...props}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
      <ChevronDown aria-hidden="true" className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
    </div>
  );
}
