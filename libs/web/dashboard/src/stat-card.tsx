import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@academy/ui';

/** The one placeholder of an empty value, on every page (never "--"): never a made-up number. */
export const NOT_YET = '—';

export interface StatCardProps {
  title: string;
  /** The figure; NOT_YET when that part of the academy is not in use yet. */
  value: ReactNode;
  /** A small line under the figure (what it counts, or why it is missing). */
  caption?: ReactNode;
  icon?: LucideIcon;
  /** The figure is being read: shown as "…" and announced as busy. */
  loading?: boolean;
}

/** One figure of a dashboard or list page, labelled by its title (role="group"). */
export function StatCard({ title, value, caption, icon: Icon, loading = false }: StatCardProps) {
  const id = `stat-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Card role="group" aria-labelledby={id} aria-busy={loading || undefined} className="gap-2">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle id={id} className="text-sm font-medium text-muted-foreground">
          {title}
        </CardTitle>
        {Icon && <Icon aria-hidden="true" className="size-4 text-muted-foreground" />}
      </CardHeader>
      <CardContent className="flex flex-col gap-1">
        <p className="text-3xl font-bold tabular-nums" data-testid={`${id}-value`}>
          {loading ? '…' : value}
        </p>
        {caption && <p className="text-xs text-muted-foreground">{caption}</p>}
      </CardContent>
    </Card>
  );
}
