import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { EVENT_STORE, PG_POOL } from '@academy/backend';
import { type EventStore, searchEventLog } from '@academy/event-store';
import { AUDIT_STREAM_CONTEXTS, type AuditEventsResponse, auditContextOf } from '@academy/contracts';
import { logSchema } from '../../trail/log-schema.js';
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
    const { context, ...rest } = filter;
    const rows = await searchEventLog(this.pool, logSchema(this.store), { ...rest, streamPrefixes: context ? AUDIT_STREAM_CONTEXTS[context] : undefined });
    return {
      events: rows.map((r) => ({
        position: r.position,
        streamId: r.streamId,
        streamVersion: r.streamVersion,
        id: r.id,
        type: r.type,
        context: auditContextOf(r.streamId),
        recordedAt: r.recordedAt,
        metadata: r.metadata,
        personal: r.personal,
      })),
      nextBefore: rows.length === filter.limit ? rows[rows.length - 1].position : null,
    };
  }
}
