// Student My Course: the student's active enrollment as its screens show it (see ../enrollment-view.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { orNone } from '@academy/backend';
import type { Enrollment } from '@academy/contracts';
import { enrollmentView, type EnrollmentViewRow, readSchema, toEnrollment } from '../enrollment-view.js';

/** The student's active enrollment: the most recently activated, should there be several in different programs. */
export async function readActiveEnrollment(em: EntityManager, studentId: string): Promise<Enrollment | null> {
  const row = await orNone(
    enrollmentView(readSchema(em))
      .where({ studentId, status: 'active' })
      .orderBy([{ activatedAt: 'desc nulls last' }, { enrolledAt: 'desc' }])
      .limit(1)
      .execute<EnrollmentViewRow | undefined>('get'),
    undefined,
  );
  return row ? toEnrollment(row) : null;
}
