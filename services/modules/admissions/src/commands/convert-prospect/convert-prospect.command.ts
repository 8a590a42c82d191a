import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { ConvertProspectRequest, Prospect } from '@academy/contracts';

/** Converted: the account exists and the row shows it. Pending: the worker had not answered within the bound (it will). */
export type ConvertProspectResult = { outcome: 'converted'; prospect: Prospect; studentId: string; position: number } | { outcome: 'pending'; position: number };

/** 'Convert to student' (issue 7), as a process (issue 14): see convert-prospect.handler.ts. */
export class ConvertProspect extends Command<ConvertProspectResult> {
  constructor(
    readonly caller: CommandContext,
    readonly prospectId: string,
    readonly input: ConvertProspectRequest,
  ) {
    super();
  }
}
