import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';

/** The link of the verification mail (public): the raw token it carries. */
export class VerifyEmail extends Command<{ position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly token: string,
  ) {
    super();
  }
}
