import type { AuditOverview } from '@academy/contracts';

/** One bar of the chart: a day, and its events per context (the types are in the bar's title). */
export interface ActivityBar {
  day: string;
  total: number;
  /** Context (or 'other') → count, and the types behind it. */
  parts: Array<{ context: string; count: number; types: string[] }>;
}

/** Every day from `since` to `today` (UTC, YYYY-MM-DD), empty days included, so the time axis is even. */
export function activityBars(overview: Pick<AuditOverview, 'since' | 'activity'>, today: string): ActivityBar[] {
  const days: string[] = [];
  for (let d = new Date(`${overview.since}T00:00:00Z`); d.toISOString().slice(0, 10) <= today; d = new Date(d.getTime() + 86_400_000)) days.push(d.toISOString().slice(0, 10));
  return days.map((day) => {
    const parts = new Map<string, { count: number; types: string[] }>();
    for (const a of overview.activity.filter((x) => x.day === day)) {
      const key = a.context ?? 'other';
      const part = parts.get(key) ?? { count: 0, types: [] };
      part.count += a.count;
      part.types.push(`${a.type} ${a.count}`);
      parts.set(key, part);
    }
    const list = [...parts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([context, p]) => ({ context, ...p }));
    return { day, total: list.reduce((n, p) => n + p.count, 0), parts: list };
  });
}
