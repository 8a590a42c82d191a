import { Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { principalOf } from '@academy/backend';
import { QUEUE_MESSAGES } from '@academy/contracts';
import { DomainError } from '@academy/event-store';
import { QueueAdmin } from '../../queue-admin.js';
import { RetryFailedJob } from './retry-job.command.js';

@CommandHandler(RetryFailedJob)
export class RetryFailedJobHandler implements ICommandHandler<RetryFailedJob> {
  private readonly log = new Logger('queues');

  constructor(private readonly admin: QueueAdmin) {}

  async execute({ caller, queue, jobId }: RetryFailedJob): Promise<void> {
    const job = await this.admin.queue(queue).getJob(jobId);
    // Only a FAILED job: retrying one that waits or runs would run it twice.
    if (!job || !(await job.isFailed())) throw new DomainError('not_found', QUEUE_MESSAGES.jobNotFound);
    try {
      await job.retry('failed');
    } catch (error) {
      // Another admin retried it first (BullMQ refuses a job no longer in the failed set).
      if (!(await job.isFailed())) throw new DomainError('not_found', QUEUE_MESSAGES.jobNotFound);
      throw error;
    }
    this.log.log(`job ${queue}/${jobId} (${job.name}) queued again by ${principalOf(caller).userId}`);
  }
}
