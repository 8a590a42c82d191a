import { Controller, Get, Param } from '@nestjs/common';
import { CurrentUser, DispatchingController, type Principal, ReadsProjections, Roles, Answers } from '@academy/backend';
import { type EnrollmentResponse, enrollmentResponseSchema } from '@academy/contracts';
import { ENROLLMENT_PROJECTION } from '../../projections/enrollments/enrollments.projection.js';
import { GetEnrollment } from './get-enrollment.query.js';

@Controller('enrollments')
export class GetEnrollmentController extends DispatchingController {
  /** Admin: any enrollment; a student: only their own (404 otherwise, as if it did not exist). */
  @Get(':id')
  @Roles('admin', 'student')
  @ReadsProjections(ENROLLMENT_PROJECTION)
  @Answers(200, enrollmentResponseSchema)
  get(@CurrentUser() principal: Principal, @Param('id') id: string): Promise<EnrollmentResponse> {
    return this.dispatch.query(new GetEnrollment(principal, id));
  }
}
