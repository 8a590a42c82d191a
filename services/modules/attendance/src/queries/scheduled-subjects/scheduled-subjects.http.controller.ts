import { Controller, Get } from '@nestjs/common';
import { Answers, CurrentUser, DispatchingController, type Principal, ReadsProjections, Roles } from '@academy/backend';
import { type ScheduledSubjectsResponse, scheduledSubjectsResponseSchema } from '@academy/contracts';
import { ATTENDANCE_PROJECTION } from '../../projections/attendance/attendance.projection.js';
import { ScheduledSubjects } from './scheduled-subjects.query.js';

@Controller('attendance')
export class ScheduledSubjectsController extends DispatchingController {
  /** Teacher: their subjects; admin: all; each with its schedule and the programme's week today. */
  @Get('subjects')
  @Roles('teacher', 'admin')
  @ReadsProjections(ATTENDANCE_PROJECTION)
  @Answers(200, scheduledSubjectsResponseSchema)
  list(@CurrentUser() principal: Principal): Promise<ScheduledSubjectsResponse> {
    return this.dispatch.query(new ScheduledSubjects(principal, {}));
  }
}
