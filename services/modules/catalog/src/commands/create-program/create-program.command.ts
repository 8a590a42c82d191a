import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { Program, programRequestSchema } from '@academy/contracts';

/** Admin Programs, add (spec §2, §5). */
export class CreateProgram extends Command<{ program: Program; position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly input: ReturnType<typeof programRequestSchema.parse>,
  ) {
    super();
  }
}
