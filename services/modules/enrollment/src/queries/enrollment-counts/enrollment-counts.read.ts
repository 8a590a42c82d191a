// The dashboards' enrollment figures: how many enrollments are in each status, from the read schema's
// views onto the live version (ADR 0004), through MikroORM (ADR 0018).
import type { EntityManager } from '@mikro-orm/postgresql';
import { orNone } from '@academy/backend';
import { ENROLLMENT_STATUSES, type EnrollmentStatus } from '@academy/contracts';
import { EnrollmentRecord } from '../../projections/enrollments/enrollment.entity.js';
import { readSchema } from '../enrollment-view.js';

/** Every status, 0 when none (and before the worker first ran the projection). */
export async function readEnrollmentCounts(em: EntityManager): Promise<Record<EnrollmentStatus, number>> {
  const byStatus = await orNone(readSchema(em).countBy(EnrollmentRecord, 'status'), {});
  const counts = Object.fromEntries(ENROLLMENT_STATUSES.map((s) => [s, 0])) as Record<EnrollmentStatus, number>;
  for (const [status, n] of Object.entries(byStatus)) if (status in counts) counts[status as EnrollmentStatus] = Number(n);
  return counts;
}
