// Admin Enrollments: every enrollment as its screens show it (see ../enrollment-view.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { orNone } from '@academy/backend';
import type { Enrollment } from '@academy/contracts';
import { enrollmentView, type EnrollmentViewRow, readSchema, toEnrollment } from '../enrollment-view.js';

/** Newest first (the code breaks a tie). */
export async function readEnrollments(em: EntityManager): Promise<Enrollment[]> {
  const rows = await orNone(
    enrollmentView(readSchema(em))
      .orderBy([{ enrolledAt: 'desc' }, { code: 'desc' }])
      .execute<EnrollmentViewRow[]>('all'),
    [],
  );
  return rows.map(toEnrollment);
}
