import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { SignUpRequest } from '@academy/contracts';

/** Self-registration as a student (public). `address`: the client's, for the sign-up limits. */
export class SignUp extends Command<{ position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly input: SignUpRequest,
    readonly address: string,
  ) {
    super();
  }
}
