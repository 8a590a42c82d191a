import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EVENT_STORE } from '@academy/backend';
import type { EventStore } from '@academy/event-store';
import type { AuditAccessState } from '@academy/contracts';
import { accessStateOf } from '../../trail/grants.js';
import { PersonalDataAccessQuery } from './personal-data-access.query.js';

/** The grant's state from its own stream, folded with the decider that records it (no read model: one short stream). */
@QueryHandler(PersonalDataAccessQuery)
export class PersonalDataAccessHandler implements IQueryHandler<PersonalDataAccessQuery> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ userId: auditorId }: PersonalDataAccessQuery): Promise<AuditAccessState> {
    return accessStateOf(this.store, auditorId);
  }
}
