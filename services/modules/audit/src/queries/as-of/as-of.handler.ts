import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { EVENT_STORE, PG_POOL } from '@academy/backend';
import { DomainError, type EventStore } from '@academy/event-store';
import { AUDIT_AS_OF_MESSAGES, type AuditAsOfResponse } from '@academy/contracts';
import { logSchema } from '../../trail/log-schema.js';
import { TIME_TRAVEL_FOLDS, type TimeTravelFolds, travel } from '../../trail/time-travel.js';
import { mayReadPersonal, recordView } from '../../trail/viewer.js';
import { AuditAsOf } from './as-of.query.js';

@QueryHandler(AuditAsOf)
export class AuditAsOfHandler implements IQueryHandler<AuditAsOf> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(TIME_TRAVEL_FOLDS) private readonly folds: TimeTravelFolds,
  ) {}

  async execute({ caller, filter }: AuditAsOf): Promise<AuditAsOfResponse> {
    // Recorded first, like every audit view; people's names in clear only for those who may read them.
    const clear = await mayReadPersonal(this.store, caller);
    await recordView(this.store, caller, 'as-of', { ...filter }, clear);
    const answer = await travel(this.store, this.pool, logSchema(this.store), this.folds, filter, clear);
    if (!answer) throw new DomainError('not_found', AUDIT_AS_OF_MESSAGES.enrollmentNotFound);
    return answer;
  }
}
