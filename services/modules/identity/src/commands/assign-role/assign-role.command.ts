import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { AssignRoleRequest, UserSummary } from '@academy/contracts';

/** Admin Users page, role selector: `userId` from the path, as sent (a malformed id is 404). */
export class AssignRole extends Command<{ user: UserSummary; position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly userId: string,
    readonly input: AssignRoleRequest,
  ) {
    super();
  }
}
