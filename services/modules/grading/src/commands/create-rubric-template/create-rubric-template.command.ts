import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { CreateRubricTemplateRequest } from '@academy/contracts';

/** Admin: keep a rubric template. */
export class CreateRubricTemplate extends Command<{ position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly input: CreateRubricTemplateRequest,
  ) {
    super();
  }
}
