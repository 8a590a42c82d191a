import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EVENT_STORE } from '@academy/backend';
import { fold, type EventStore } from '@academy/event-store';
import type { AuditAccessState } from '@academy/contracts';
import { accessDecider, accessStream } from '../../domain/personal-data-access.js';
import { PersonalDataAccessQuery } from './personal-data-access.query.js';

/** The grant's state from its own stream, folded with the decider that records it (no read model: one short stream). */
@QueryHandler(PersonalDataAccessQuery)
export class PersonalDataAccessHandler implements IQueryHandler<PersonalDataAccessQuery> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ auditorId }: PersonalDataAccessQuery): Promise<AuditAccessState> {
    const events = await this.store.readStream(accessStream(auditorId));
    const { granted } = fold(accessDecider, events);
    const last = events.at(-1);
    return { auditorId, granted, since: last ? last.recordedAt : null, byUserId: last ? (last.data as { byUserId: string }).byUserId : null };
  }
}
