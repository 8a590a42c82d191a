import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { AdminQueueName } from '@academy/contracts';

/** Move one failed job back to waiting: a worker then runs it again (admins). */
export class RetryFailedJob extends Command<void> {
  constructor(
    readonly caller: CommandContext,
    readonly queue: AdminQueueName,
    readonly jobId: string,
  ) {
    super();
  }
}
