import { Body, Controller, HttpCode, Param, Put, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, CommandAnswers, type CommandContext, DispatchingController, principalOf, Refuses, RequestExample, Roles, ZodValidationPipe } from '@academy/backend';
import { ATTENDANCE_MESSAGES, type ScheduleResponse, scheduleResponseSchema, type SetScheduleRequest, setScheduleRequestSchema } from '@academy/contracts';
import { ATTENDANCE_PROJECTION } from '../../projections/attendance/attendance.projection.js';
import { ScheduledSubjects } from '../../queries/scheduled-subjects/scheduled-subjects.query.js';
import { SetSchedule } from './set-schedule.command.js';

@Controller('attendance/subjects')
export class SetScheduleController extends DispatchingController {
  /** 200 { message: 'Schedule saved', subject }: admin only; 404 unknown subject. */
  @Put(':subjectId/schedule')
  @Roles('admin')
  @HttpCode(200)
  @CommandAnswers(200, scheduleResponseSchema)
  @Refuses(404)
  @RequestExample({ startDate: '2027-02-01', weekdays: [1, 2, 3, 4, 5], startTime: '18:00', lectureMinutes: 60, supportMinutes: 0 })
  set(
    @Param('subjectId') subjectId: string,
    @Body(new ZodValidationPipe(setScheduleRequestSchema)) body: SetScheduleRequest,
    @Caller() caller: CommandContext,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.dispatch.command(res, new SetSchedule(caller, subjectId, body), [ATTENDANCE_PROJECTION], async (r): Promise<ScheduleResponse> => ({
      message: ATTENDANCE_MESSAGES.scheduleSaved,
      subject: (await this.dispatch.query(new ScheduledSubjects(principalOf(caller), { subjectId: r.id }))).subjects[0]!,
    }));
  }
}
