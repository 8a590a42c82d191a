import { Query } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { AuditWhyResponse } from '@academy/contracts';

/** Why a value is what it is: the events that produced it, through causation and correlation ids. */
export class AuditWhy extends Query<AuditWhyResponse> {
  constructor(
    readonly caller: CommandContext,
    /** As given in the path: an unknown view is 400, an unknown id 404. */
    readonly view: string,
    readonly id: string,
  ) {
    super();
  }
}
