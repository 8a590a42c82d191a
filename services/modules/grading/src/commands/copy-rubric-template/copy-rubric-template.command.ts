import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';

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
