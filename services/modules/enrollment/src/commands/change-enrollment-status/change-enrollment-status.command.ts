import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { ChangeEnrollmentStatusRequest } from '@academy/contracts';

/** Admin Enrollments, the status selector (spec §4): any status from any; `expectedVersion` is the version the admin saw. */
export class ChangeEnrollmentStatus extends Command<{ enrollmentId: string; position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly enrollmentId: string,
    readonly input: ChangeEnrollmentStatusRequest,
  ) {
    super();
  }
}
