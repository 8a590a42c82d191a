import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { EVENT_STORE, PG_POOL } from '@academy/backend';
import { DomainError, type EventStore } from '@academy/event-store';
import { AUDIT_MESSAGES, type AuditEventDetail } from '@academy/contracts';
import { eventDetail } from '../../trail/event-log.js';
import { mayReadPersonal, recordView } from '../../trail/viewer.js';
import { AuditEventAt } from './event-detail.query.js';

@QueryHandler(AuditEventAt)
export class AuditEventAtHandler implements IQueryHandler<AuditEventAt> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ caller, position: raw }: AuditEventAt): Promise<AuditEventDetail> {
    const position = /^[1-9][0-9]{0,15}$/.test(raw) ? Number(raw) : null;
    const clear = await mayReadPersonal(this.store, caller);
    // Recorded even when there is no such event: the attempt is a view of the log too.
    await recordView(this.store, caller, 'event', { position: position ?? raw }, clear);
    const detail = position === null ? null : await eventDetail(this.store, this.pool, position, clear);
    if (!detail) throw new DomainError('not_found', AUDIT_MESSAGES.eventNotFound);
    return detail;
  }
}
