import { Query } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { AuditOverview } from '@academy/contracts';

/** The Overview's activity by day, context and type, and the lag and status of every reader of the log. */
export class AuditOverviewQuery extends Query<AuditOverview> {
  constructor(readonly caller: CommandContext) {
    super();
  }
}
