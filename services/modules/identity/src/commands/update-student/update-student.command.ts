import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { StudentSummary } from '@academy/contracts';
import type { StudentContactPersonal } from '../../domain/user.js';

/** The Students page's edit dialog: `studentId` from the path, as sent (anything but a live student is 404). */
export class UpdateStudent extends Command<{ student: StudentSummary; position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly studentId: string,
    readonly contact: StudentContactPersonal,
  ) {
    super();
  }
}
