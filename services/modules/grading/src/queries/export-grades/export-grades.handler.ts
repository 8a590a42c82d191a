import { EntityManager } from '@mikro-orm/postgresql';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '@academy/backend';
import { DomainError } from '@academy/event-store';
import { GRADING_MESSAGES } from '@academy/contracts';
import { isAssigned } from '../submission-access.read.js';
import { readSubjectAttempts, subjectExists } from './export-grades.read.js';
import { ExportGrades } from './export-grades.query.js';
import { gradesCsv } from './grades-csv.js';

@QueryHandler(ExportGrades)
export class ExportGradesHandler implements IQueryHandler<ExportGrades> {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ principal, subjectId }: ExportGrades): Promise<string> {
    if (!(await subjectExists(this.em, subjectId))) throw new DomainError('not_found', 'Subject not found');
    if (principal.role !== 'admin' && !(await isAssigned(this.em, principal.userId, subjectId))) throw new DomainError('forbidden', GRADING_MESSAGES.notYourSubject);
    return gradesCsv(await readSubjectAttempts(this.em, subjectId), this.config.ACADEMY_TIME_ZONE);
  }
}
