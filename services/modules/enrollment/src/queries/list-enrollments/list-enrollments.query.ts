import { Query } from '@nestjs/cqrs';
import type { EnrollmentsResponse } from '@academy/contracts';

/** Admin Enrollments: every enrollment, newest first. */
export class ListEnrollments extends Query<EnrollmentsResponse> {}
