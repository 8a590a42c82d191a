import { Controller, Get } from '@nestjs/common';
import { DispatchingController, ReadsProjections, Roles, Answers } from '@academy/backend';
import { type EnrollmentCountsResponse, enrollmentCountsResponseSchema } from '@academy/contracts';
import { ENROLLMENT_PROJECTION } from '../../projections/enrollments/enrollments.projection.js';
import { EnrollmentCounts } from './enrollment-counts.query.js';

@Controller('enrollment-counts')
export class EnrollmentCountsController extends DispatchingController {
  /** The dashboards' enrollment figures: counts only, so the student admin (who may not list enrollments) sees them too. */
  @Get()
  @Roles('admin', 'student_admin')
  @ReadsProjections(ENROLLMENT_PROJECTION)
  @Answers(200, enrollmentCountsResponseSchema)
  counts(): Promise<EnrollmentCountsResponse> {
    return this.dispatch.query(new EnrollmentCounts());
  }
}
