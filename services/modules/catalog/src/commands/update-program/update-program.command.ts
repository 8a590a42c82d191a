import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { Program, programRequestSchema } from '@academy/contracts';

/** Admin Programs, edit: name, type, description. */
export class UpdateProgram extends Command<{ program: Program; position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly programId: string,
    readonly input: ReturnType<typeof programRequestSchema.parse>,
  ) {
    super();
  }
}
