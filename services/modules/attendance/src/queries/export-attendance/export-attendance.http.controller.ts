import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Answers, CurrentUser, DispatchingController, type Principal, ReadsProjections, Roles, ZodValidationPipe } from '@academy/backend';
import { attendanceExportQuerySchema, type ClassSessionsQuery } from '@academy/contracts';
import { ATTENDANCE_PROJECTION } from '../../projections/attendance/attendance.projection.js';
import { ExportAttendance } from './export-attendance.query.js';

@Controller('attendance/subjects')
export class ExportAttendanceController extends DispatchingController {
  /** The cohort's attendance (?from=&to= days) as CSV: its teacher or an admin. Headers only once the query answered (a refusal stays JSON). */
  @Get(':subjectId/attendance.csv')
  @Roles('teacher', 'admin')
  @ReadsProjections(ATTENDANCE_PROJECTION)
  @Answers(200, undefined, { contentType: 'text/csv', description: "The cohort's attendance as a CSV file (attachment), times in ACADEMY_TIME_ZONE." })
  async export(
    @Param('subjectId') subjectId: string,
    @Query(new ZodValidationPipe(attendanceExportQuerySchema)) query: ClassSessionsQuery,
    @CurrentUser() principal: Principal,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    const csv = await this.dispatch.query(new ExportAttendance(principal, subjectId, query));
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.setHeader('content-disposition', `attachment; filename="attendance-${subjectId}.csv"`);
    return csv;
  }
}
