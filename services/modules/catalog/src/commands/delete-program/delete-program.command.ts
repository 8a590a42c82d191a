import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';

/** Admin Programs, delete. */
export class DeleteProgram extends Command<{ position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly programId: string,
  ) {
    super();
  }
}
