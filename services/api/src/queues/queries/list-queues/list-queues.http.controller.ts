import { Controller, Get } from '@nestjs/common';
import { Answers, DispatchingController, Roles } from '@academy/backend';
import { type AdminQueues, adminQueuesSchema } from '@academy/contracts';
import { ListQueuesQuery } from './list-queues.query.js';

@Controller('admin/queues')
export class ListQueuesController extends DispatchingController {
  /** 200 AdminQueues: each queue's job counts and its newest failed jobs (never their data). Admins only. */
  @Get()
  @Roles('admin')
  @Answers(200, adminQueuesSchema)
  list(): Promise<AdminQueues> {
    return this.dispatch.query(new ListQueuesQuery());
  }
}
