import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { SetupResponse } from '@academy/contracts';

/** /setup (public, once): the first administrator, with a one-time password shown in the answer. */
export class SetUpFirstAdmin extends Command<SetupResponse & { position: number }> {
  constructor(readonly caller: CommandContext) {
    super();
  }
}
