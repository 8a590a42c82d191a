import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser, type Principal, ReadsProjections, Roles } from '@academy/backend';
import { DomainError } from '@academy/event-store';
import { GRADING_MESSAGES } from '@academy/contracts';
import { GRADING_PROJECTION } from '../../projections/grading/grading.projection.js';
import { GradingReader } from '../../projections/grading/grading.reader.js';
import { gradesCsv } from './grades-csv.js';

@ApiTags('grading')
@Controller('subjects')
export class ExportGradesController {
  constructor(private readonly reader: GradingReader) {}

  /** A subject's grades as CSV: the teacher assigned to it, or admin. */
  @Get(':subjectId/grades.csv')
  @Roles('teacher', 'admin')
  @ReadsProjections(GRADING_PROJECTION)
  async export(@Param('subjectId') subjectId: string, @CurrentUser() principal: Principal, @Res({ passthrough: true }) res: Response): Promise<string> {
    if (!(await this.reader.subjectExists(subjectId))) throw new DomainError('not_found', 'Subject not found');
    if (principal.role !== 'admin' && !(await this.reader.isAssigned(principal.userId, subjectId))) throw new DomainError('forbidden', GRADING_MESSAGES.notYourSubject);
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.setHeader('content-disposition', `attachment; filename="grades-${subjectId}.csv"`);
    return gradesCsv(await this.reader.ofSubject(subjectId));
  }
}
