import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EVENT_STORE } from '@academy/backend';
import type { EventStore } from '@academy/event-store';
import type { SetupStatus } from '@academy/contracts';
import { setupDone } from '../../commands/set-up-first-admin/first-admin.js';
import { UsersReader } from '../../projections/users/users.reader.js';
import { GetSetupStatus } from './setup-status.query.js';

@QueryHandler(GetSetupStatus)
export class GetSetupStatusHandler implements IQueryHandler<GetSetupStatus> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly users: UsersReader,
  ) {}

  async execute(): Promise<SetupStatus> {
    return { done: await setupDone(this.users, this.store) };
  }
}
