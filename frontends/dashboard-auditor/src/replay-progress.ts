import type { ReplayStatus } from '@academy/contracts';

/**
 * The bar's percentage: the projections done, plus the share of the current one replayed
 * (projection `index` of `count`, `applied` of `head` events); 0 before the job reports.
 */
export function replayPercent(progress: ReplayStatus['progress']): number {
  if (!progress || progress.count === 0) return 0;
  const within = progress.head > 0 ? Math.min(1, progress.applied / progress.head) : 1;
  return Math.min(100, Math.floor(((progress.index - 1 + within) / progress.count) * 100));
}
