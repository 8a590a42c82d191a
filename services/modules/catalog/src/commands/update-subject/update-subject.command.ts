import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { Subject, subjectRequestSchema } from '@academy/contracts';

/** Admin Subjects, edit: name, program, week number, description. */
export class UpdateSubject extends Command<{ subject: Subject; position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly subjectId: string,
    readonly input: ReturnType<typeof subjectRequestSchema.parse>,
  ) {
    super();
  }
}
