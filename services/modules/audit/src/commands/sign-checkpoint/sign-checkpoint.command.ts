import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { AuditCheckpoint } from '@academy/contracts';

/** Sign the head the last successful verification passed through. */
export class SignCheckpoint extends Command<{ checkpoint: AuditCheckpoint; position: number }> {
  constructor(readonly caller: CommandContext) {
    super();
  }
}
