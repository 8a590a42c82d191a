import { Controller, Get } from '@nestjs/common';
import { DispatchingController, ReadsProjections, Roles, Answers } from '@academy/backend';
import { type EnrollmentsResponse, enrollmentsResponseSchema } from '@academy/contracts';
import { ENROLLMENT_PROJECTION } from '../../projections/enrollments/enrollments.projection.js';
import { ListEnrollments } from './list-enrollments.query.js';

@Controller('enrollments')
export class ListEnrollmentsController extends DispatchingController {
  /** Admin Enrollments: every enrollment, newest first. */
  @Get()
  @Roles('admin')
  @ReadsProjections(ENROLLMENT_PROJECTION)
  @Answers(200, enrollmentsResponseSchema)
  list(): Promise<EnrollmentsResponse> {
    return this.dispatch.query(new ListEnrollments());
  }
}
