import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { SignedCheckpointFile } from '@academy/contracts';

/** Export one signed checkpoint as a file: the export is recorded (CheckpointExported). */
export class ExportCheckpoint extends Command<{ file: SignedCheckpointFile; position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly checkpointId: string,
  ) {
    super();
  }
}
