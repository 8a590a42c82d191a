import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, type Principal, ReadsProjections, Roles } from '@academy/backend';
import type { StudentDashboardResponse, TeacherDashboardResponse } from '@academy/contracts';
import { GRADING_PROJECTION } from '../../projections/grading/grading.projection.js';
import { GradingReader } from '../../projections/grading/grading.reader.js';

/** The dashboards' cards with real figures (the spec's are static: fix). */
@ApiTags('grading')
@Controller()
export class DashboardsController {
  constructor(private readonly reader: GradingReader) {}

  @Get('student/dashboard')
  @Roles('student')
  @ReadsProjections(GRADING_PROJECTION)
  async student(@CurrentUser() principal: Principal): Promise<StudentDashboardResponse> {
    return this.reader.studentDashboard(principal.userId);
  }

  @Get('teacher/dashboard')
  @Roles('teacher')
  @ReadsProjections(GRADING_PROJECTION)
  async teacher(@CurrentUser() principal: Principal): Promise<TeacherDashboardResponse> {
    return this.reader.teacherDashboard(principal.userId);
  }
}
