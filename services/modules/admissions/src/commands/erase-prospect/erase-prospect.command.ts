import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';

/** 'Erase applicant' (right to erasure, POPIA/GDPR; ADR 0014): any status, applications and quick-contact messages alike. */
export class EraseProspect extends Command<{ position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly prospectId: string,
  ) {
    super();
  }
}
