import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { EVENT_STORE, PG_POOL } from '@academy/backend';
import { DomainError, type EventStore, eventById, lastEventOf, sameCommandBefore } from '@academy/event-store';
import { AUDIT_MESSAGES, AUDIT_WHY_VIEWS, type AuditWhyResponse, type AuditWhyView, auditContextOf } from '@academy/contracts';
import { WHY_VALUE_EVENTS, walkWhy, whyValueLabel } from '../../domain/why.js';
import { logSchema } from '../../trail/log-schema.js';
import { recordView } from '../../trail/viewer.js';
import { AuditWhy } from './why.query.js';

@QueryHandler(AuditWhy)
export class AuditWhyHandler implements IQueryHandler<AuditWhy> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ caller, view: rawView, id }: AuditWhy): Promise<AuditWhyResponse> {
    if (!(AUDIT_WHY_VIEWS as readonly string[]).includes(rawView)) {
      const message = `View must be one of ${AUDIT_WHY_VIEWS.join(', ')}`;
      throw new DomainError('invalid', message, { view: [message] });
    }
    const view = rawView as AuditWhyView;
    // Recorded even when there is nothing to explain, like a view of an unknown event.
    await recordView(this.store, caller, 'why', { view, id }, false);
    const schema = logSchema(this.store);
    const types = WHY_VALUE_EVENTS[view];
    const start =
      view === 'grade-status'
        ? await lastEventOf(this.pool, schema, { types, dataKey: 'submissionId', dataValue: id })
        : await lastEventOf(this.pool, schema, { types, stream: `enrollment-${id}` });
    if (!start) throw new DomainError('not_found', AUDIT_MESSAGES.whyNotFound);
    const chain = await walkWhy(start, {
      byId: (eventId) => eventById(this.pool, schema, eventId),
      sameCommandBefore: (row) => sameCommandBefore(this.pool, schema, row),
    });
    return {
      view,
      id,
      value: whyValueLabel(view, start),
      // Summaries only: no personal data, so no masking to decide (open an event for its detail).
      chain: chain.map((r) => ({
        position: r.position,
        streamId: r.streamId,
        streamVersion: r.streamVersion,
        id: r.id,
        type: r.type,
        context: auditContextOf(r.streamId),
        recordedAt: r.recordedAt,
        metadata: r.metadata,
        personal: r.personal,
        link: r.link,
      })),
    };
  }
}
