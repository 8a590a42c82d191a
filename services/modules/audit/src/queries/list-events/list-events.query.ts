import { Query } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { AuditEventsFilter, AuditEventsResponse } from '@academy/contracts';

/** The Event log: one keyset page, newest first; recorded as AuditTrailViewed before it is read. */
export class ListAuditEvents extends Query<AuditEventsResponse> {
  constructor(
    readonly caller: CommandContext,
    readonly filter: AuditEventsFilter,
  ) {
    super();
  }
}
