import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { SetRubricRequest } from '@academy/contracts';

/** An item's Rubric dialog: save the rubric (a new version when it changed). */
export class SetRubric extends Command<{ position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly itemId: string,
    readonly input: SetRubricRequest,
  ) {
    super();
  }
}
