import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { EVENT_STORE, isUuid, PG_POOL, type Principal } from '@academy/backend';
import { DomainError, type EventMetadata, type EventStore } from '@academy/event-store';
import { ADMISSIONS_MESSAGES } from '@academy/contracts';
import { ProspectsReader } from '../../projections/prospects/prospects.reader.js';
import { withProspectLock } from '../prospect-lock.js';
import { eraseProspect } from './erase-prospect.js';

/**
 * 'Erase applicant' (right to erasure, POPIA/GDPR): any admin or student admin may erase any
 * application or quick-contact message (staff see them all), in any status. Under the prospect's lock,
 * so a convert running at the same time either finished first (the account is then identity's to
 * delete) or finds the prospect erased (409). Answers once the row has left the lists.
 */
@Injectable()
export class EraseProspectHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    private readonly prospects: ProspectsReader,
  ) {}

  async execute(prospectId: string, by: Principal, metadata: EventMetadata): Promise<{ position: number }> {
    if (!isUuid(prospectId)) throw new DomainError('not_found', ADMISSIONS_MESSAGES.prospectNotFound);
    const { position } = await withProspectLock(this.pool, prospectId, () =>
      eraseProspect(this.store, prospectId, { type: 'EraseApplicant', byUserId: by.userId, now: metadata.occurredAt, reason: 'request' }, metadata),
    );
    await this.prospects.caughtUp(position);
    return { position };
  }
}
