import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';

/** Admin Users page, delete: `userId` from the path, as sent (a malformed id is 404). */
export class DeleteUser extends Command<{ position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly userId: string,
  ) {
    super();
  }
}
