import { Inject } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EVENT_STORE } from '@academy/backend';
import type { EventStore } from '@academy/event-store';
import type { SetupStatus } from '@academy/contracts';
import { GetSetupStatus } from './setup-status.query.js';
import { readSetupDone } from './setup-status.read.js';

@QueryHandler(GetSetupStatus)
export class GetSetupStatusHandler implements IQueryHandler<GetSetupStatus> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly em: EntityManager,
  ) {}

  async execute(): Promise<SetupStatus> {
    return { done: await readSetupDone(this.em, this.store) };
  }
}
