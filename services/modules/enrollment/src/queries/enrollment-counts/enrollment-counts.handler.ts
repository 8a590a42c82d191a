import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { EnrollmentCountsResponse } from '@academy/contracts';
import { EnrollmentsReader } from '../../projections/enrollments/enrollments.reader.js';
import { EnrollmentCounts } from './enrollment-counts.query.js';

@QueryHandler(EnrollmentCounts)
export class EnrollmentCountsHandler implements IQueryHandler<EnrollmentCounts> {
  constructor(private readonly enrollments: EnrollmentsReader) {}

  async execute(): Promise<EnrollmentCountsResponse> {
    return { counts: await this.enrollments.countsByStatus() };
  }
}
