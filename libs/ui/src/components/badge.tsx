import type { ComponentProps } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../lib/cn';

export const badgeVariants = cva('inline-flex w-fit shrink-0 items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium', {
  variants: {
    variant: {
      default: 'border-transparent bg-primary text-primary-foreground',
      secondary: 'border-transparent bg-secondary text-secondary-foreground',
      outline: 'text-foreground',
      success: 'border-transparent bg-emerald-700 text-white',
      warning: 'border-transparent bg-amber-500 text-black',
      destructive: 'border-transparent bg-destructive text-white dark:bg-destructive/60',
    },
  },
  defaultVariants: { variant: 'default' },
});

export type BadgeProps = ComponentProps<'span'> & VariantProps<typeof badgeVariants>;

/** A small status label (Published, Draft, Passed…). */
export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}
