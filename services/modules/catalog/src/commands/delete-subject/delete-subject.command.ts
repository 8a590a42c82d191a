import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';

/** Admin Subjects, delete. */
export class DeleteSubject extends Command<{ position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly subjectId: string,
  ) {
    super();
  }
}
