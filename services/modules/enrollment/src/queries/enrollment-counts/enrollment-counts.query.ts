import { Query } from '@nestjs/cqrs';
import type { EnrollmentCountsResponse } from '@academy/contracts';

/** The dashboards' enrollment figures: how many enrollments are in each status. */
export class EnrollmentCounts extends Query<EnrollmentCountsResponse> {}
