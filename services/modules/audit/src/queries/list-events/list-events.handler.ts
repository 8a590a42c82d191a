import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { EVENT_STORE, PG_POOL } from '@academy/backend';
import type { EventStore } from '@academy/event-store';
import type { AuditEventsResponse } from '@academy/contracts';
import { eventLogPage } from '../../trail/event-log.js';
import { recordView } from '../../trail/viewer.js';
import { ListAuditEvents } from './list-events.query.js';

@QueryHandler(ListAuditEvents)
export class ListAuditEventsHandler implements IQueryHandler<ListAuditEvents> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ caller, filter }: ListAuditEvents): Promise<AuditEventsResponse> {
    // A page of the log is a view of it: recorded first (its own event is then on the next page).
    await recordView(this.store, caller, 'event-log', { ...filter }, false);
    return eventLogPage(this.store, this.pool, filter);
  }
}
