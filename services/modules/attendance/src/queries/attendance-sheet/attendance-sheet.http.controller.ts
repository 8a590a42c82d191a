import { Controller, Get, Param } from '@nestjs/common';
import { Answers, CurrentUser, DispatchingController, type Principal, ReadsProjections, Roles } from '@academy/backend';
import { type AttendanceSheetResponse, attendanceSheetResponseSchema } from '@academy/contracts';
import { ATTENDANCE_PROJECTION } from '../../projections/attendance/attendance.projection.js';
import { AttendanceSheetOf } from './attendance-sheet.query.js';

@Controller('attendance/sessions')
export class AttendanceSheetController extends DispatchingController {
  /** The session's roster, marks and history: its subject's teacher or an admin; 403 another teacher; 404 unknown. */
  @Get(':sessionId')
  @Roles('teacher', 'admin')
  @ReadsProjections(ATTENDANCE_PROJECTION)
  @Answers(200, attendanceSheetResponseSchema)
  sheet(@Param('sessionId') sessionId: string, @CurrentUser() principal: Principal): Promise<AttendanceSheetResponse> {
    return this.dispatch.query(new AttendanceSheetOf(principal, sessionId));
  }
}
