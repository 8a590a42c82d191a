import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DomainError } from '@academy/event-store';
import { GRADING_MESSAGES, type TeacherSubmissionsResponse } from '@academy/contracts';
import { decodeSubmissionsCursor, GradingReader } from '../../projections/grading/grading.reader.js';
import { TeacherSubmissions } from './teacher-submissions.query.js';

/** The contract's wording for a cursor too long to be one. */
const MALFORMED_CURSOR = 'The page cursor is malformed';

@QueryHandler(TeacherSubmissions)
export class TeacherSubmissionsHandler implements IQueryHandler<TeacherSubmissions> {
  constructor(private readonly reader: GradingReader) {}

  async execute({ principal, query }: TeacherSubmissions): Promise<TeacherSubmissionsResponse> {
    const teacherId = principal.role === 'admin' ? null : principal.userId;
    if (teacherId && query.subjectId && !(await this.reader.isAssigned(teacherId, query.subjectId))) throw new DomainError('forbidden', GRADING_MESSAGES.notYourSubject);
    const after = query.after === undefined ? undefined : decodeSubmissionsCursor(query.after);
    if (after === null) throw new DomainError('invalid', 'Some fields are not valid', { after: [MALFORMED_CURSOR] });
    return this.reader.submissionsPage(teacherId, { subjectId: query.subjectId, tab: query.tab, after, limit: query.limit });
  }
}
