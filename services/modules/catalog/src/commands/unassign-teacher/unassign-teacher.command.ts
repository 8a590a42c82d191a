import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';

/** Admin Teacher Assignments, remove. */
export class UnassignTeacher extends Command<{ position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly assignmentId: string,
  ) {
    super();
  }
}
