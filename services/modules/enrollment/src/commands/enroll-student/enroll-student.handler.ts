import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE } from '@academy/backend';
import { DomainError, type EventMetadata, type EventStore } from '@academy/event-store';
import { type Enrollment, type EnrollStudentRequest, ENROLLMENT_MESSAGES } from '@academy/contracts';
import { EnrollmentsReader } from '../../projections/enrollments/enrollments.reader.js';
import { enrollAll } from '../../reservations/enrollment-writes.js';

/**
 * Admin Enrollments, enroll (spec §5): a live student, an existing program, a subject of that program;
 * one pending/active enrollment per student and program (the place reservation makes it hold under
 * concurrency). Starts pending, week 1, with the next code of the year.
 */
@Injectable()
export class EnrollStudentHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly enrollments: EnrollmentsReader,
  ) {}

  async execute(input: EnrollStudentRequest, metadata: EventMetadata): Promise<{ enrollment: Enrollment; position: number }> {
    const enrollmentId = randomUUID();
    await this.enrollments.caughtUp();
    const subject = await this.enrollments.subject(input.subjectId);
    const plan = {
      enrollmentId,
      ...input,
      studentIsLive: await this.enrollments.isLiveStudent(input.studentId),
      programExists: (await this.enrollments.program(input.programId)) !== null,
      subjectInProgram: subject?.program_id === input.programId,
    };
    const { position } = await enrollAll(this.store, [plan], metadata);
    await this.enrollments.caughtUp(position);
    const enrollment = await this.enrollments.byId(enrollmentId);
    if (!enrollment) throw new DomainError('not_found', ENROLLMENT_MESSAGES.enrollmentNotFound);
    return { enrollment, position };
  }
}
