import { Controller, Get, Query } from '@nestjs/common';
import { CurrentUser, DispatchingController, type Principal, ReadsProjections, Roles, ZodValidationPipe, Answers } from '@academy/backend';
import { type ListSubmissionsQuery, listSubmissionsQuerySchema, type TeacherSubmissionsResponse, teacherSubmissionsResponseSchema } from '@academy/contracts';
import { GRADING_PROJECTION } from '../../projections/grading/grading.projection.js';
import { TeacherSubmissions } from './teacher-submissions.query.js';

@Controller('teacher/submissions')
export class TeacherSubmissionsController extends DispatchingController {
  /** Teacher Submissions, one page of one tab; both tabs' counts. The caller's subjects (admin: all); latest attempts. */
  @Get()
  @Roles('teacher', 'admin')
  @ReadsProjections(GRADING_PROJECTION)
  @Answers(200, teacherSubmissionsResponseSchema)
  list(@Query(new ZodValidationPipe(listSubmissionsQuerySchema)) query: ListSubmissionsQuery, @CurrentUser() principal: Principal): Promise<TeacherSubmissionsResponse> {
    return this.dispatch.query(new TeacherSubmissions(principal, query));
  }
}
