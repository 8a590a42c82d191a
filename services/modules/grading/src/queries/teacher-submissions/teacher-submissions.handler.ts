import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DomainError } from '@academy/event-store';
import { GRADING_MESSAGES, type TeacherSubmissionsResponse } from '@academy/contracts';
import { isAssigned } from '../submission-access.read.js';
import { decodeSubmissionsCursor } from './submissions-cursor.js';
import { TeacherSubmissions } from './teacher-submissions.query.js';
import { readSubmissionsPage } from './teacher-submissions.read.js';

/** The contract's wording for a cursor too long to be one. */
const MALFORMED_CURSOR = 'The page cursor is malformed';

@QueryHandler(TeacherSubmissions)
export class TeacherSubmissionsHandler implements IQueryHandler<TeacherSubmissions> {
  constructor(private readonly em: EntityManager) {}

  async execute({ principal, query }: TeacherSubmissions): Promise<TeacherSubmissionsResponse> {
    const teacherId = principal.role === 'admin' ? null : principal.userId;
    if (teacherId && query.subjectId && !(await isAssigned(this.em, teacherId, query.subjectId))) throw new DomainError('forbidden', GRADING_MESSAGES.notYourSubject);
    const after = query.after === undefined ? undefined : decodeSubmissionsCursor(query.after);
    if (after === null) throw new DomainError('invalid', 'Some fields are not valid', { after: [MALFORMED_CURSOR] });
    return readSubmissionsPage(this.em, teacherId, { subjectId: query.subjectId, tab: query.tab, after, limit: query.limit });
  }
}
