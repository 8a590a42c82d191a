import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { Prospect, ProspectStatusChangeRequest } from '@academy/contracts';

/** The staff pipeline steps Mark contacted and Decline (issue 7): who and when go on the event; 409 from a converted or declined prospect. */
export type ProspectStatusStep = 'MarkContacted' | 'Decline';

export class ChangeProspectStatus extends Command<{ prospect: Prospect; position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly prospectId: string,
    readonly input: ProspectStatusChangeRequest,
    readonly step: ProspectStatusStep,
  ) {
    super();
  }
}
