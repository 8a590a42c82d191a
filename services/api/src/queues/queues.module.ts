import { Module } from '@nestjs/common';
import { ApiTag } from '@academy/backend';
import { RetryFailedJobController } from './commands/retry-job/retry-job.http.controller.js';
import { RetryFailedJobHandler } from './commands/retry-job/retry-job.handler.js';
import { ListQueuesController } from './queries/list-queues/list-queues.http.controller.js';
import { ListQueuesHandler } from './queries/list-queues/list-queues.handler.js';
import { QueueAdmin } from './queue-admin.js';

/**
 * The admins' view of the worker's queues (issue 17 §6, ADR 0032): counts, failed jobs and retry,
 * through our own admin API (the bearer-token auth of every route) rather than a mounted bull-board.
 * Needs BackboneModule, HttpPlatformModule (config, Redis) and AuthModule from the composition root.
 */
@ApiTag('queues', "The admins' view of the worker's job queues (mail, system, audit): counts, failed jobs and their retry.")
@Module({
  controllers: [ListQueuesController, RetryFailedJobController],
  providers: [QueueAdmin, ListQueuesHandler, RetryFailedJobHandler],
})
export class QueuesModule {}
