import { Controller, Get, Param, Query } from '@nestjs/common';
import { Answers, CurrentUser, DispatchingController, type Principal, ReadsProjections, Roles, ZodValidationPipe } from '@academy/backend';
import { type ClassSessionsQuery, classSessionsQuerySchema, type ClassSessionsResponse, classSessionsResponseSchema } from '@academy/contracts';
import { ATTENDANCE_PROJECTION } from '../../projections/attendance/attendance.projection.js';
import { ClassSessionsOf } from './class-sessions.query.js';

@Controller('attendance/subjects')
export class ClassSessionsController extends DispatchingController {
  /** The subject's sessions (?from=&to= days, inclusive): its teacher or an admin; 403 another teacher's; 404 unknown. */
  @Get(':subjectId/sessions')
  @Roles('teacher', 'admin')
  @ReadsProjections(ATTENDANCE_PROJECTION)
  @Answers(200, classSessionsResponseSchema)
  list(@Param('subjectId') subjectId: string, @Query(new ZodValidationPipe(classSessionsQuerySchema)) query: ClassSessionsQuery, @CurrentUser() principal: Principal): Promise<ClassSessionsResponse> {
    return this.dispatch.query(new ClassSessionsOf(principal, subjectId, query));
  }
}
