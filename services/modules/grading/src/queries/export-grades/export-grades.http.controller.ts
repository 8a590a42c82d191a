import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { CurrentUser, DispatchingController, type Principal, ReadsProjections, Roles, Answers } from '@academy/backend';
import { GRADING_PROJECTION } from '../../projections/grading/grading.projection.js';
import { ExportGrades } from './export-grades.query.js';

@Controller('subjects')
export class ExportGradesController extends DispatchingController {
  /** A subject's grades as CSV: the teacher assigned to it, or admin. Headers only once the query answered (a refusal stays JSON). */
  @Get(':subjectId/grades.csv')
  @Roles('teacher', 'admin')
  @ReadsProjections(GRADING_PROJECTION)
  @Answers(200, undefined, { contentType: 'text/csv', description: "The subject's grades as a CSV file (attachment)." })
  async export(@Param('subjectId') subjectId: string, @CurrentUser() principal: Principal, @Res({ passthrough: true }) res: Response): Promise<string> {
    const csv = await this.dispatch.query(new ExportGrades(principal, subjectId));
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.setHeader('content-disposition', `attachment; filename="grades-${subjectId}.csv"`);
    return csv;
  }
}
