import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, isUuid } from '@academy/backend';
import { DomainError, type EventMetadata, type EventStore, handleCommand } from '@academy/event-store';
import { type StudentSummary, USER_ADMIN_MESSAGES } from '@academy/contracts';
import { userDecider } from '../../domain/user.decide.js';
import { type StudentContactPersonal, userStream } from '../../domain/user.js';
import { UsersAfterWrite } from '../../projections/users/users-after.js';
import { toStudentSummary } from '../../projections/users/users.reader.js';

/**
 * The Students page's edit dialog (spec §5: full name, phone, address). Object-level rule in the
 * domain: only a live student can be edited this way; any other id is 'Student not found'.
 */
@Injectable()
export class UpdateStudentHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly after: UsersAfterWrite,
  ) {}

  async execute(studentId: string, contact: StudentContactPersonal, metadata: EventMetadata): Promise<{ student: StudentSummary; position: number }> {
    if (!isUuid(studentId)) throw new DomainError('not_found', USER_ADMIN_MESSAGES.studentNotFound);
    const outcome = await handleCommand({ store: this.store, streamId: userStream(studentId), decider: userDecider, metadata, command: { type: 'UpdateStudentContact', contact } });
    const row = await this.after.account(studentId, outcome.lastPosition);
    if (!row) throw new DomainError('not_found', USER_ADMIN_MESSAGES.studentNotFound);
    return { student: { ...toStudentSummary(row), ...contact }, position: outcome.lastPosition };
  }
}
