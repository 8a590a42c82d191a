import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';

/** Export the events of a range as a signed evidence bundle: the export is recorded (EvidenceExported). */
export class ExportEvidence extends Command<{ text: string; from: number; lastPosition: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly from: number,
    readonly to: number,
  ) {
    super();
  }
}
