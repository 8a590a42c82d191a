import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { Subject, subjectRequestSchema } from '@academy/contracts';

/** Admin Subjects, add. */
export class CreateSubject extends Command<{ subject: Subject; position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly input: ReturnType<typeof subjectRequestSchema.parse>,
  ) {
    super();
  }
}
