import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, type Principal, ReadsProjections, Roles, ZodValidationPipe } from '@academy/backend';
import { DomainError } from '@academy/event-store';
import { GRADING_MESSAGES, type ListSubmissionsQuery, listSubmissionsQuerySchema, type TeacherSubmissionsResponse } from '@academy/contracts';
import { GRADING_PROJECTION } from '../../projections/grading/grading.projection.js';
import { decodeSubmissionsCursor, GradingReader } from '../../projections/grading/grading.reader.js';

/** The contract's wording for a cursor too long to be one. */
const MALFORMED_CURSOR = 'The page cursor is malformed';

@ApiTags('grading')
@Controller('teacher/submissions')
export class TeacherSubmissionsController {
  constructor(private readonly reader: GradingReader) {}

  /** Teacher Submissions, one page of one tab; both tabs' counts. The caller's subjects (admin: all); latest attempts. */
  @Get()
  @Roles('teacher', 'admin')
  @ReadsProjections(GRADING_PROJECTION)
  async list(@Query(new ZodValidationPipe(listSubmissionsQuerySchema)) query: ListSubmissionsQuery, @CurrentUser() principal: Principal): Promise<TeacherSubmissionsResponse> {
    const teacherId = principal.role === 'admin' ? null : principal.userId;
    if (teacherId && query.subjectId && !(await this.reader.isAssigned(teacherId, query.subjectId))) throw new DomainError('forbidden', GRADING_MESSAGES.notYourSubject);
    const after = query.after === undefined ? undefined : decodeSubmissionsCursor(query.after);
    if (after === null) throw new DomainError('invalid', 'Some fields are not valid', { after: [MALFORMED_CURSOR] });
    return this.reader.submissionsPage(teacherId, { subjectId: query.subjectId, tab: query.tab, after, limit: query.limit });
  }
}
