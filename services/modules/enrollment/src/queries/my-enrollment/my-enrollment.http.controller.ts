import { Controller, Get } from '@nestjs/common';
import { CurrentUser, DispatchingController, type Principal, ReadsProjections, Roles, Answers } from '@academy/backend';
import { type MyEnrollmentResponse, myEnrollmentResponseSchema } from '@academy/contracts';
import { ENROLLMENT_PROJECTION } from '../../projections/enrollments/enrollments.projection.js';
import { MyEnrollment } from './my-enrollment.query.js';

@Controller('student/enrollment')
export class MyEnrollmentController extends DispatchingController {
  /** Student My Course: the caller's ACTIVE enrollment, or null (spec §4). */
  @Get()
  @Roles('student')
  @ReadsProjections(ENROLLMENT_PROJECTION)
  @Answers(200, myEnrollmentResponseSchema)
  get(@CurrentUser() principal: Principal): Promise<MyEnrollmentResponse> {
    return this.dispatch.query(new MyEnrollment(principal.userId));
  }
}
