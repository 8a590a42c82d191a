import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { CompleteProfileRequest, SessionUser } from '@academy/contracts';

/** /complete-profile: the signed-in user's profile and their own password. */
export class CompleteProfile extends Command<{ user: SessionUser; position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly input: CompleteProfileRequest,
  ) {
    super();
  }
}
