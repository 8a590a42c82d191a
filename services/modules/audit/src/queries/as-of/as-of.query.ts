import { Query } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { AuditAsOfFilter, AuditAsOfResponse } from '@academy/contracts';

/** Time travel: a screen as it stood at a past moment, folded from the log up to that moment's position. */
export class AuditAsOf extends Query<AuditAsOfResponse> {
  constructor(
    readonly caller: CommandContext,
    readonly filter: AuditAsOfFilter,
  ) {
    super();
  }
}
