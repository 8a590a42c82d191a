import { Query } from '@nestjs/cqrs';
import type { AdminQueues } from '@academy/contracts';

/** Every queue's job counts and its newest failed jobs (admins). */
export class ListQueuesQuery extends Query<AdminQueues> {}
