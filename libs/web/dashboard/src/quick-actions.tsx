import { Link } from 'react-router-dom';
import type { LucideIcon } from 'lucide-react';
import { buttonVariants } from '@academy/ui';

export interface QuickAction {
  /** The page it opens, under the role's dashboard. */
  to: string;
  icon: LucideIcon;
  label: string;
}

/** The "Quick actions" of a dashboard home: a link to each of the role's main pages. */
export function QuickActions({ actions }: { actions: readonly QuickAction[] }) {
  return (
    <section aria-labelledby="quick-actions" className="flex flex-col gap-3">
      <h2 id="quick-actions" className="text-lg font-semibold">
        Quick actions
      </h2>
      <div className="flex flex-wrap gap-2">
        {actions.map(({ to, icon: Icon, label }) => (
          <Link key={to} to={to} className={buttonVariants({ variant: 'outline' })}>
            <Icon aria-hidden="true" />
            {label}
          </Link>
        ))}
      </div>
    </section>
  );
}
