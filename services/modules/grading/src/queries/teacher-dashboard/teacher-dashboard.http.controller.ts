import { Controller, Get } from '@nestjs/common';
import { CurrentUser, DispatchingController, type Principal, ReadsProjections, Roles, Answers } from '@academy/backend';
import { type TeacherDashboardResponse, teacherDashboardResponseSchema } from '@academy/contracts';
import { GRADING_PROJECTION } from '../../projections/grading/grading.projection.js';
import { TeacherDashboard } from './teacher-dashboard.query.js';

@Controller('teacher/dashboard')
export class TeacherDashboardController extends DispatchingController {
  /** The teacher dashboard's cards with real figures. */
  @Get()
  @Roles('teacher')
  @ReadsProjections(GRADING_PROJECTION)
  @Answers(200, teacherDashboardResponseSchema)
  get(@CurrentUser() principal: Principal): Promise<TeacherDashboardResponse> {
    return this.dispatch.query(new TeacherDashboard(principal.userId));
  }
}
