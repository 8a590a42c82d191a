import { Query } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { AuditEventDetail } from '@academy/contracts';

/** One event in full (data, metadata, personal part as the caller may see it, hash and previous hash). */
export class AuditEventAt extends Query<AuditEventDetail> {
  constructor(
    readonly caller: CommandContext,
    /** As given in the path: a malformed one is 404, like an unknown one. */
    readonly position: string,
  ) {
    super();
  }
}
