import type { WorkerOptions } from 'bullmq';
import type { AppConfig } from '@academy/backend';

/** What every BullMQ Worker of this process shares: its key prefix and when a dead worker's job is taken over. */
export function workerOptions(config: AppConfig): Pick<WorkerOptions, 'prefix' | 'lockDuration' | 'stalledInterval'> {
  return { prefix: config.QUEUE_PREFIX, lockDuration: config.QUEUE_STALL_MS, stalledInterval: config.QUEUE_STALL_MS };
}
