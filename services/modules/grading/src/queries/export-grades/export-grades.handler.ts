import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DomainError } from '@academy/event-store';
import { GRADING_MESSAGES } from '@academy/contracts';
import { GradingReader } from '../../projections/grading/grading.reader.js';
import { ExportGrades } from './export-grades.query.js';
import { gradesCsv } from './grades-csv.js';

@QueryHandler(ExportGrades)
export class ExportGradesHandler implements IQueryHandler<ExportGrades> {
  constructor(private readonly reader: GradingReader) {}

  async execute({ principal, subjectId }: ExportGrades): Promise<string> {
    if (!(await this.reader.subjectExists(subjectId))) throw new DomainError('not_found', 'Subject not found');
    if (principal.role !== 'admin' && !(await this.reader.isAssigned(principal.userId, subjectId))) throw new DomainError('forbidden', GRADING_MESSAGES.notYourSubject);
    return gradesCsv(await this.reader.ofSubject(subjectId));
  }
}
