import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, isUuid } from '@academy/backend';
import { DomainError, type EventMetadata, type EventStore } from '@academy/event-store';
import { CATALOG_MESSAGES } from '@academy/contracts';
import { unassignTeacher } from '../../reservations/teacher-subject-pairs.js';

/** Admin Teacher Assignments, remove: ends the assignment and frees the (teacher, subject) pair. */
@Injectable()
export class UnassignTeacherHandler {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute(assignmentId: string, metadata: EventMetadata): Promise<{ position: number }> {
    if (!isUuid(assignmentId)) throw new DomainError('not_found', CATALOG_MESSAGES.assignmentNotFound);
    return { position: await unassignTeacher(this.store, assignmentId, metadata) };
  }
}
