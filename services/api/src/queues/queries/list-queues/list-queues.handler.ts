import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Job } from 'bullmq';
import { ADMIN_QUEUES, type AdminQueues, FAILED_JOBS_SHOWN, type FailedJob } from '@academy/contracts';
import { QueueAdmin } from '../../queue-admin.js';
import { ListQueuesQuery } from './list-queues.query.js';

/** A failed job as the list shows it: never its data (mail jobs hold addresses and names). */
export function failedJobRow(job: Job): FailedJob {
  return {
    id: String(job.id),
    name: job.name,
    failedReason: (job.failedReason ?? '').slice(0, 500),
    attemptsMade: job.attemptsMade,
    createdAt: new Date(job.timestamp).toISOString(),
    failedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
  };
}

@QueryHandler(ListQueuesQuery)
export class ListQueuesHandler implements IQueryHandler<ListQueuesQuery> {
  constructor(private readonly admin: QueueAdmin) {}

  async execute(): Promise<AdminQueues> {
    const queues = await Promise.all(
      ADMIN_QUEUES.map(async (name) => {
        const queue = this.admin.queue(name);
        const [counts, failed] = await Promise.all([
          queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed'),
          // Newest first (BullMQ's failed set is ordered by when each failed).
          queue.getFailed(0, FAILED_JOBS_SHOWN - 1),
        ]);
        return {
          name,
          counts: { waiting: counts.waiting ?? 0, active: counts.active ?? 0, delayed: counts.delayed ?? 0, failed: counts.failed ?? 0, completed: counts.completed ?? 0 },
          // A job removed between the two reads comes back undefined.
          failed: failed.filter((j): j is Job => Boolean(j)).map(failedJobRow),
        };
      }),
    );
    return { queues };
  }
}
