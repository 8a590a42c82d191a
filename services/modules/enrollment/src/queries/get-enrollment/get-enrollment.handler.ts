// One enrollment as its screens show it (see ../enrollment-view.ts).
import { QueryHandler } from '@nestjs/cqrs';
import { isUuid, orNone, readModelEm, ReadModelQueryHandler } from '@academy/backend';
import { DomainError } from '@academy/event-store';
import { type Enrollment, ENROLLMENT_MESSAGES } from '@academy/contracts';
import { enrollmentView, type EnrollmentViewRow, toEnrollment } from '../enrollment-view.js';
import { GetEnrollment } from './get-enrollment.query.js';
import { ENROLLMENT_PROJECTION } from '../../projections/enrollments/enrollments.projection.js';

/** 404 for an unknown or malformed id (ids are uuids), a deleted student's enrollment, and another student's. */
@QueryHandler(GetEnrollment)
export class GetEnrollmentHandler extends ReadModelQueryHandler<GetEnrollment> {
  async execute({ principal, id: enrollmentId }: GetEnrollment): Promise<{ enrollment: Enrollment }> {
    const row = isUuid(enrollmentId) ? await orNone(enrollmentView(readModelEm(this.em, ENROLLMENT_PROJECTION)).where({ id: enrollmentId }).execute<EnrollmentViewRow | undefined>('get'), undefined) : undefined;
    if (!row || (principal.role !== 'admin' && row.studentId !== principal.userId)) {
      throw new DomainError('not_found', ENROLLMENT_MESSAGES.enrollmentNotFound);
    }
    return { enrollment: toEnrollment(row) };
  }
}
