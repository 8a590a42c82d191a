import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE } from '@academy/backend';
import { DomainError, type EventMetadata, type EventStore } from '@academy/event-store';
import { type AssignTeacherRequest, CATALOG_MESSAGES, type TeacherAssignment } from '@academy/contracts';
import { CatalogReader } from '../../projections/catalog/catalog.reader.js';
import { assignTeacher } from '../../reservations/teacher-subject-pairs.js';

/** Admin Teacher Assignments, assign: a live teacher, an existing subject, once per (teacher, subject). */
@Injectable()
export class AssignTeacherHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly catalog: CatalogReader,
  ) {}

  async execute(input: AssignTeacherRequest, metadata: EventMetadata): Promise<{ assignment: TeacherAssignment; position: number }> {
    const assignmentId = randomUUID();
    await this.catalog.caughtUp();
    const facts = {
      teacherIsLive: await this.catalog.isLiveTeacher(input.teacherId),
      subjectExists: (await this.catalog.subject(input.subjectId)) !== null,
      isVisible: async (id: string, position: number) => {
        await this.catalog.caughtUp(position);
        return (await this.catalog.assignment(id)) !== null;
      },
    };
    const position = await assignTeacher(this.store, { assignmentId, teacherId: input.teacherId, subjectId: input.subjectId }, facts, metadata);
    await this.catalog.caughtUp(position);
    const assignment = await this.catalog.assignment(assignmentId);
    if (!assignment) throw new DomainError('not_found', CATALOG_MESSAGES.assignmentNotFound);
    return { assignment, position };
  }
}
