import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { ChangePasswordRequest } from '@academy/contracts';

/** Settings → change password, for the signed-in user. */
export class ChangePassword extends Command<{ position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly input: ChangePasswordRequest,
  ) {
    super();
  }
}
