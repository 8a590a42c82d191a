// Admin Enrollments: every enrollment as its screens show it (see ../enrollment-view.ts).
import { QueryHandler } from '@nestjs/cqrs';
import { orNone, readModelEm, ReadModelQueryHandler } from '@academy/backend';
import type { EnrollmentsResponse } from '@academy/contracts';
import { enrollmentView, type EnrollmentViewRow, toEnrollment } from '../enrollment-view.js';
import { ListEnrollments } from './list-enrollments.query.js';
import { ENROLLMENT_PROJECTION } from '../../projections/enrollments/enrollments.projection.js';

/** Newest first (the code breaks a tie). */
@QueryHandler(ListEnrollments)
export class ListEnrollmentsHandler extends ReadModelQueryHandler<ListEnrollments> {
  async execute(): Promise<EnrollmentsResponse> {
    const rows = await orNone(
      enrollmentView(readModelEm(this.em, ENROLLMENT_PROJECTION))
        .orderBy([{ enrolledAt: 'desc' }, { code: 'desc' }])
        .execute<EnrollmentViewRow[]>('all'),
      [],
    );
    return { enrollments: rows.map(toEnrollment) };
  }
}
