import { Query } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { AuditCheckpointsResponse } from '@academy/contracts';

/** The signed checkpoints, newest first, with who made them (a view: recorded). */
export class ListCheckpoints extends Query<AuditCheckpointsResponse> {
  constructor(readonly caller: CommandContext) {
    super();
  }
}
