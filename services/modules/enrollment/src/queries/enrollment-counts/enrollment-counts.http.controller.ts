import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ReadsProjections, Roles } from '@academy/backend';
import type { EnrollmentCountsResponse } from '@academy/contracts';
import { ENROLLMENT_PROJECTION } from '../../projections/enrollments/enrollments.projection.js';
import { EnrollmentsReader } from '../../projections/enrollments/enrollments.reader.js';

@ApiTags('enrollment')
@Controller('enrollment-counts')
export class EnrollmentCountsController {
  constructor(private readonly enrollments: EnrollmentsReader) {}

  /** The dashboards' enrollment figures: counts only, so the student admin (who may not list enrollments) sees them too. */
  @Get()
  @Roles('admin', 'student_admin')
  @ReadsProjections(ENROLLMENT_PROJECTION)
  async counts(): Promise<EnrollmentCountsResponse> {
    return { counts: await this.enrollments.countsByStatus() };
  }
}
