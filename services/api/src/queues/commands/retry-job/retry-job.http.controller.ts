import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { Answers, Caller, type CommandContext, DispatchingController, Roles, ZodValidationPipe } from '@academy/backend';
import { type AdminQueueName, adminQueueNameSchema, jobIdSchema, QUEUE_MESSAGES, type RetryJobAnswer, retryJobAnswerSchema } from '@academy/contracts';
import { RetryFailedJob } from './retry-job.command.js';

@Controller('admin/queues')
export class RetryFailedJobController extends DispatchingController {
  /** 200 'Job queued again'; 404 'Failed job not found' (no such job, or not failed now); 400 an unknown queue. Admins only. */
  @Post(':queue/jobs/:id/retry')
  @Roles('admin')
  @HttpCode(200)
  @Answers(200, retryJobAnswerSchema)
  async retry(
    @Param('queue', new ZodValidationPipe(adminQueueNameSchema)) queue: AdminQueueName,
    @Param('id', new ZodValidationPipe(jobIdSchema)) id: string,
    @Caller() caller: CommandContext,
  ): Promise<RetryJobAnswer> {
    await this.dispatch.execute(new RetryFailedJob(caller, queue, id));
    return { message: QUEUE_MESSAGES.jobRetried };
  }
}
