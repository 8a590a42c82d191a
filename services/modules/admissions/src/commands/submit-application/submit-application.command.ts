import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { ParsedApplicationRequest } from '@academy/contracts';

/** The landing page's application form (spec §5, §7 send-contact-form). prospectId null: the honeypot was filled, nothing stored. */
export class SubmitApplication extends Command<{ prospectId: string | null; position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly input: ParsedApplicationRequest,
  ) {
    super();
  }
}
