import { Controller, Get } from '@nestjs/common';
import { CurrentUser, DispatchingController, type Principal, ReadsProjections, Roles, Answers } from '@academy/backend';
import { type StudentDashboardResponse, studentDashboardResponseSchema } from '@academy/contracts';
import { GRADING_PROJECTION } from '../../projections/grading/grading.projection.js';
import { StudentDashboard } from './student-dashboard.query.js';

@Controller('student/dashboard')
export class StudentDashboardController extends DispatchingController {
  /** The student dashboard's cards with real figures. */
  @Get()
  @Roles('student')
  @ReadsProjections(GRADING_PROJECTION)
  @Answers(200, studentDashboardResponseSchema)
  get(@CurrentUser() principal: Principal): Promise<StudentDashboardResponse> {
    return this.dispatch.query(new StudentDashboard(principal.userId));
  }
}
