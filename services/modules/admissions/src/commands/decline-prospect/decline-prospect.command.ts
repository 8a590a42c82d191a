import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { Prospect, ProspectStatusChangeRequest } from '@academy/contracts';

/** Staff pipeline step Decline (issue 7): who and when go on the event; 409 from a converted or declined prospect. */
export class DeclineProspect extends Command<{ prospect: Prospect; position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly prospectId: string,
    readonly input: ProspectStatusChangeRequest,
  ) {
    super();
  }
}
