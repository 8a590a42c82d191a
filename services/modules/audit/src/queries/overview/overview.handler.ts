import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { EVENT_STORE, PG_POOL } from '@academy/backend';
import { consumersStatus, type EventStore, eventCountsByDay, projectionsStatus } from '@academy/event-store';
import { AUDIT_ACTIVITY_DAYS, type AuditOverview, auditContextOf } from '@academy/contracts';
import { logSchema } from '../../trail/log-schema.js';
import { recordView } from '../../trail/viewer.js';
import { AuditOverviewQuery } from './overview.query.js';

const DAY_MS = 24 * 60 * 60 * 1000;

@QueryHandler(AuditOverviewQuery)
export class AuditOverviewHandler implements IQueryHandler<AuditOverviewQuery> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ caller }: AuditOverviewQuery): Promise<AuditOverview> {
    await recordView(this.store, caller, 'overview', {}, false);
    // Today and the days before it, from UTC midnight.
    const since = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - (AUDIT_ACTIVITY_DAYS - 1) * DAY_MS).toISOString();
    const [counts, projections, consumers] = await Promise.all([
      eventCountsByDay(this.pool, logSchema(this.store), since),
      // The rows the runners keep (the API has no registry: a projection not started yet is absent here; the CLI lists it).
      projectionsStatus({ store: this.store, pool: this.pool }),
      consumersStatus({ store: this.store, pool: this.pool }),
    ]);
    const failing = (f: { position: number; error: string; failedAt: string } | null) => (f ? { position: f.position, error: f.error, since: f.failedAt } : null);
    return {
      since: since.slice(0, 10),
      activity: counts.map((c) => ({ day: c.day, context: auditContextOf(c.sampleStream), type: c.type, count: c.count })),
      readers: [
        ...projections.map((p) => ({ kind: 'projection', name: p.name, version: p.version, status: p.status, checkpoint: p.checkpoint, head: p.head, lag: p.lag, failing: failing(p.failing) })),
        ...consumers.map((c) => ({ kind: c.kind ?? 'consumer', name: c.name, version: null, status: c.failing ? 'failing' : 'running', checkpoint: c.checkpoint, head: c.head, lag: c.lag, failing: failing(c.failing) })),
      ],
    };
  }
}
