// The CSV export: whether the subject exists, and every attempt of it in the file's order.
import { sql } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig, isUuid, orNone, readModelEm } from '@academy/backend';
import { DomainError } from '@academy/event-store';
import { GRADING_MESSAGES, type Submission } from '@academy/contracts';
import { GradingSubject } from '../../projections/grading/subject.entity.js';
import { isAssigned } from '../submission-access.read.js';
import { submissionsOf, submissionView } from '../submission-view.read.js';
import { ExportGrades } from './export-grades.query.js';
import { gradesCsv } from './grades-csv.js';
import { GRADING_PROJECTION } from '../../projections/grading/grading.projection.js';

@QueryHandler(ExportGrades)
export class ExportGradesHandler implements IQueryHandler<ExportGrades> {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ principal, id: subjectId }: ExportGrades): Promise<string> {
    if (!(await this.subjectExists(subjectId))) throw new DomainError('not_found', 'Subject not found');
    if (principal.role !== 'admin' && !(await isAssigned(this.em, principal.userId, subjectId))) throw new DomainError('forbidden', GRADING_MESSAGES.notYourSubject);
    return gradesCsv(await this.attemptsOf(subjectId), this.config.ACADEMY_TIME_ZONE);
  }

  private async subjectExists(subjectId: string): Promise<boolean> {
    return isUuid(subjectId) && (await orNone(readModelEm(this.em, GRADING_PROJECTION).count(GradingSubject, { id: subjectId }), 0)) > 0;
  }

  /** Every attempt of a subject, by week, student email, item (capstone after the tasks, by day), attempt. */
  private attemptsOf(subjectId: string): Promise<Submission[]> {
    return orNone(
      submissionsOf(
        submissionView(readModelEm(this.em, GRADING_PROJECTION))
          .where({ subjectId })
          .orderBy([{ [sql.ref('w.week_number')]: 'asc' }, { [sql.ref('st.email')]: 'asc' }, { kind: 'desc' }, { [sql.ref('i.day_number')]: 'asc' }, { attempt: 'asc' }]),
      ),
      [],
    );
  }
}
