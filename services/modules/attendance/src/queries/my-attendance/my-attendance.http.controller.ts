import { Controller, Get } from '@nestjs/common';
import { Answers, CurrentUser, DispatchingController, type Principal, ReadsProjections, Roles } from '@academy/backend';
import { type MyAttendanceResponse, myAttendanceResponseSchema } from '@academy/contracts';
import { ATTENDANCE_PROJECTION } from '../../projections/attendance/attendance.projection.js';
import { MyAttendance } from './my-attendance.query.js';

@Controller('attendance')
export class MyAttendanceController extends DispatchingController {
  /** Student: their own marks by week, their rate and whether it is under ATTENDANCE_THRESHOLD. */
  @Get('mine')
  @Roles('student')
  @ReadsProjections(ATTENDANCE_PROJECTION)
  @Answers(200, myAttendanceResponseSchema)
  mine(@CurrentUser() principal: Principal): Promise<MyAttendanceResponse> {
    return this.dispatch.query(new MyAttendance(principal.userId));
  }
}
