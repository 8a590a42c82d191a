import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { EVENT_STORE, PG_POOL, type Principal } from '@academy/backend';
import { DomainError, type EventMetadata, type EventStore } from '@academy/event-store';
import { ADMISSIONS_MESSAGES, type Prospect, type ProspectStatusChangeRequest } from '@academy/contracts';
import { ProspectsReader } from '../../projections/prospects/prospects.reader.js';
import { changeProspectStatus } from '../change-status.js';

/** Staff pipeline step Decline (issue 7): who and when go on the event; 409 from a converted or declined prospect. */
@Injectable()
export class DeclineProspectHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    private readonly prospects: ProspectsReader,
  ) {}

  async execute(prospectId: string, input: ProspectStatusChangeRequest, by: Principal, metadata: EventMetadata): Promise<{ prospect: Prospect; position: number }> {
    const { position } = await changeProspectStatus(
      { store: this.store, pool: this.pool },
      prospectId,
      { type: 'Decline', byUserId: by.userId, now: metadata.occurredAt },
      input.expectedVersion,
      metadata,
    );
    await this.prospects.caughtUp(position);
    const prospect = await this.prospects.byId(prospectId);
    if (!prospect) throw new DomainError('not_found', ADMISSIONS_MESSAGES.prospectNotFound);
    return { prospect, position };
  }
}
