// The dashboards' enrollment figures: how many enrollments are in each status, from the read schema's
// views onto the live version (ADR 0004), through MikroORM (ADR 0018).
import { QueryHandler } from '@nestjs/cqrs';
import { orNone, readModelEm, ReadModelQueryHandler } from '@academy/backend';
import { type EnrollmentCountsResponse, ENROLLMENT_STATUSES, type EnrollmentStatus } from '@academy/contracts';
import { EnrollmentRecord } from '../../projections/enrollments/enrollment.entity.js';
import { EnrollmentCounts } from './enrollment-counts.query.js';
import { ENROLLMENT_PROJECTION } from '../../projections/enrollments/enrollments.projection.js';

/** Every status, 0 when none (and before the worker first ran the projection). */
@QueryHandler(EnrollmentCounts)
export class EnrollmentCountsHandler extends ReadModelQueryHandler<EnrollmentCounts> {
  async execute(): Promise<EnrollmentCountsResponse> {
    const byStatus = await orNone(readModelEm(this.em, ENROLLMENT_PROJECTION).countBy(EnrollmentRecord, 'status'), {});
    const counts = Object.fromEntries(ENROLLMENT_STATUSES.map((s) => [s, 0])) as Record<EnrollmentStatus, number>;
    for (const [status, n] of Object.entries(byStatus)) if (status in counts) counts[status as EnrollmentStatus] = Number(n);
    return { counts };
  }
}
