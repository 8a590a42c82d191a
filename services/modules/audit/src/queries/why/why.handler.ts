import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { EVENT_STORE, PG_POOL } from '@academy/backend';
import { DomainError, type EventStore } from '@academy/event-store';
import { AUDIT_MESSAGES, AUDIT_WHY_VIEWS, type AuditWhyResponse, type AuditWhyView } from '@academy/contracts';
import { logSchema } from '../../trail/log-schema.js';
import { recordView } from '../../trail/viewer.js';
import { explainValue } from '../../trail/why.js';
import { AuditWhy } from './why.query.js';

@QueryHandler(AuditWhy)
export class AuditWhyHandler implements IQueryHandler<AuditWhy> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ caller, view, id }: AuditWhy): Promise<AuditWhyResponse> {
    if (!isWhyView(view)) {
      const message = `View must be one of ${AUDIT_WHY_VIEWS.join(', ')}`;
      throw new DomainError('invalid', message, { view: [message] });
    }
    // Recorded even when there is nothing to explain, like a view of an unknown event.
    await recordView(this.store, caller, 'why', { view, id }, false);
    const answer = await explainValue(this.pool, logSchema(this.store), view, id);
    if (!answer) throw new DomainError('not_found', AUDIT_MESSAGES.whyNotFound);
    return answer;
  }
}

const isWhyView = (v: string): v is AuditWhyView => (AUDIT_WHY_VIEWS as readonly string[]).includes(v);
