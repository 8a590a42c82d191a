import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { EnrollStudentRequest } from '@academy/contracts';

/** Admin Enrollments, enroll (spec §5). Answers the new enrollment's id and the position its screen waits for. */
export class EnrollStudent extends Command<{ enrollmentId: string; position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly input: EnrollStudentRequest,
  ) {
    super();
  }
}
