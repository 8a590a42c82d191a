// Student My Course: the student's active enrollment as its screens show it (see ../enrollment-view.ts).
import { QueryHandler } from '@nestjs/cqrs';
import { orNone, readModelEm, ReadModelQueryHandler } from '@academy/backend';
import type { MyEnrollmentResponse } from '@academy/contracts';
import { enrollmentView, type EnrollmentViewRow, toEnrollment } from '../enrollment-view.js';
import { MyEnrollment } from './my-enrollment.query.js';
import { ENROLLMENT_PROJECTION } from '../../projections/enrollments/enrollments.projection.js';

/** The student's active enrollment: the most recently activated, should there be several in different programs. */
@QueryHandler(MyEnrollment)
export class MyEnrollmentHandler extends ReadModelQueryHandler<MyEnrollment> {
  async execute({ userId: studentId }: MyEnrollment): Promise<MyEnrollmentResponse> {
    const row = await orNone(
      enrollmentView(readModelEm(this.em, ENROLLMENT_PROJECTION))
        .where({ studentId, status: 'active' })
        .orderBy([{ activatedAt: 'desc nulls last' }, { enrolledAt: 'desc' }])
        .limit(1)
        .execute<EnrollmentViewRow | undefined>('get'),
      undefined,
    );
    return { enrollment: row ? toEnrollment(row) : null };
  }
}
