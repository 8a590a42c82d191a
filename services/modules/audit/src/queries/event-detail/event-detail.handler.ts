import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { EVENT_STORE, PG_POOL } from '@academy/backend';
import { DomainError, type EventStore, eventAtPosition } from '@academy/event-store';
import { AUDIT_MASK, AUDIT_MESSAGES, type AuditEventDetail, auditContextOf } from '@academy/contracts';
import { logSchema } from '../../trail/log-schema.js';
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
    const row = position === null ? null : await eventAtPosition(this.pool, logSchema(this.store), position);
    if (!row) throw new DomainError('not_found', AUDIT_MESSAGES.eventNotFound);
    let fields: Record<string, unknown> = {};
    if (row.personal === 'present') {
      // Decrypted through the store (the one key path, ADR 0003); masked values keep only their names.
      const stored = (await this.store.readStream(row.streamId, row.streamVersion - 1))[0];
      const data = stored?.personal?.data ?? {};
      fields = clear ? data : Object.fromEntries(Object.keys(data).map((k) => [k, AUDIT_MASK]));
    }
    return {
      position: row.position,
      streamId: row.streamId,
      streamVersion: row.streamVersion,
      id: row.id,
      type: row.type,
      context: auditContextOf(row.streamId),
      recordedAt: row.recordedAt,
      metadata: row.metadata,
      schemaVersion: row.schemaVersion,
      data: row.data,
      personal: { state: row.personal === 'present' ? (clear ? 'clear' : 'masked') : row.personal, subjectId: row.subjectId, fields },
      hash: row.hash,
      prevHash: row.prevHash,
    };
  }
}
