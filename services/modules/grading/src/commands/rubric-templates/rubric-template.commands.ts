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

/** Admin: copy a template into an item of a subject, as the item's next rubric version. */
export class CopyRubricTemplate extends Command<{ position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly itemId: string,
    readonly templateId: string,
  ) {
    super();
  }
}
