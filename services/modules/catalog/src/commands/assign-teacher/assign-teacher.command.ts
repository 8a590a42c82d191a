import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { AssignTeacherRequest, TeacherAssignment } from '@academy/contracts';

/** Admin Teacher Assignments, assign. */
export class AssignTeacher extends Command<{ assignment: TeacherAssignment; position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly input: AssignTeacherRequest,
  ) {
    super();
  }
}
