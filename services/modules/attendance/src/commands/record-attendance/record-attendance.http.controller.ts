import { Body, Controller, HttpCode, Param, Put, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, CommandAnswers, type CommandContext, DispatchingController, principalOf, Refuses, RequestExample, Roles, ZodValidationPipe } from '@academy/backend';
import { ATTENDANCE_MESSAGES, type RecordAttendanceRequest, recordAttendanceRequestSchema, type RecordAttendanceResponse, recordAttendanceResponseSchema } from '@academy/contracts';
import { ATTENDANCE_PROJECTION } from '../../projections/attendance/attendance.projection.js';
import { AttendanceSheetOf } from '../../queries/attendance-sheet/attendance-sheet.query.js';
import { RecordAttendanceMarks } from './record-attendance.command.js';

@Controller('attendance/sessions')
export class RecordAttendanceController extends DispatchingController {
  /** 200 { message: 'Attendance saved', sheet }: the subject's teacher or an admin; 400 a student outside the cohort; 404 unknown; 409 cancelled or not started. */
  @Put(':sessionId/marks')
  @Roles('teacher', 'admin')
  @HttpCode(200)
  @CommandAnswers(200, recordAttendanceResponseSchema)
  @Refuses(404, 409)
  @RequestExample({ marks: [{ studentId: '0b7e2f4c-3c1d-4e9a-9f57-1f3f4a2b6c11', status: 'excused', note: 'Doctor’s note' }] })
  record(
    @Param('sessionId') sessionId: string,
    @Body(new ZodValidationPipe(recordAttendanceRequestSchema)) body: RecordAttendanceRequest,
    @Caller() caller: CommandContext,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.dispatch.command(res, new RecordAttendanceMarks(caller, sessionId, body), [ATTENDANCE_PROJECTION], async (r): Promise<RecordAttendanceResponse> => ({
      message: ATTENDANCE_MESSAGES.attendanceSaved,
      sheet: (await this.dispatch.query(new AttendanceSheetOf(principalOf(caller), r.id))).sheet,
    }));
  }
}
