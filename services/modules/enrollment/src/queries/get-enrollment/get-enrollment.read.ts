// One enrollment as its screens show it (see ../enrollment-view.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid, orNone } from '@academy/backend';
import type { Enrollment } from '@academy/contracts';
import { enrollmentView, type EnrollmentViewRow, readSchema, toEnrollment } from '../enrollment-view.js';

/** The enrollment, or null: unknown, malformed id (ids are uuids), a deleted student's, or no schema yet. */
export async function readEnrollment(em: EntityManager, id: string): Promise<Enrollment | null> {
  if (!isUuid(id)) return null;
  const row = await orNone(enrollmentView(readSchema(em)).where({ id }).execute<EnrollmentViewRow | undefined>('get'), undefined);
  return row ? toEnrollment(row) : null;
}
