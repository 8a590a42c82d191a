import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';

/** "Re-issue password" on Users and Students: `userId` from the path, as sent (a malformed id is 404). */
export class ReissueTemporaryPassword extends Command<{ position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly userId: string,
  ) {
    super();
  }
}
