import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, isUuid } from '@academy/backend';
import { DomainError, type EventMetadata, type EventStore } from '@academy/event-store';
import { type ChangeEnrollmentStatusRequest, type Enrollment, ENROLLMENT_MESSAGES } from '@academy/contracts';
import { EnrollmentsReader } from '../../projections/enrollments/enrollments.reader.js';
import { changeStatus } from '../../reservations/enrollment-writes.js';

/** Admin Enrollments, status selector (spec §4): any status from any; 409 changedMeanwhile on a concurrent change. */
@Injectable()
export class ChangeEnrollmentStatusHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly enrollments: EnrollmentsReader,
  ) {}

  async execute(enrollmentId: string, input: ChangeEnrollmentStatusRequest, metadata: EventMetadata): Promise<{ enrollment: Enrollment; position: number }> {
    if (!isUuid(enrollmentId)) throw new DomainError('not_found', ENROLLMENT_MESSAGES.enrollmentNotFound);
    const { position } = await changeStatus(this.store, enrollmentId, input.status, input.expectedVersion, metadata);
    await this.enrollments.caughtUp(position);
    // A deleted student's enrollment is gone from the read model: it is not found for the screens either.
    const enrollment = await this.enrollments.byId(enrollmentId);
    if (!enrollment) throw new DomainError('not_found', ENROLLMENT_MESSAGES.enrollmentNotFound);
    return { enrollment, position };
  }
}
