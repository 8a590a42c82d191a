import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, type Principal, ReadsProjections, Roles, ZodValidationPipe } from '@academy/backend';
import { DomainError } from '@academy/event-store';
import { GRADING_MESSAGES, type ListSubmissionsQuery, listSubmissionsQuerySchema, type TeacherSubmissionsResponse } from '@academy/contracts';
import { GRADING_PROJECTION } from '../../projections/grading/grading.projection.js';
import { GradingReader, isPending } from '../../projections/grading/grading.reader.js';

@ApiTags('grading')
@Controller('teacher/submissions')
export class TeacherSubmissionsController {
  constructor(private readonly reader: GradingReader) {}

  /** Teacher Submissions: 'Pending Review (n)' and 'Graded (n)' of the caller's subjects (admin: all); latest attempts. */
  @Get()
  @Roles('teacher', 'admin')
  @ReadsProjections(GRADING_PROJECTION)
  async list(@Query(new ZodValidationPipe(listSubmissionsQuerySchema)) query: ListSubmissionsQuery, @CurrentUser() principal: Principal): Promise<TeacherSubmissionsResponse> {
    const teacherId = principal.role === 'admin' ? null : principal.userId;
    if (teacherId && query.subjectId && !(await this.reader.isAssigned(teacherId, query.subjectId))) throw new DomainError('forbidden', GRADING_MESSAGES.notYourSubject);
    const all = await this.reader.forStaff(teacherId, query.subjectId);
    return { pending: all.filter(isPending), graded: all.filter((s) => !isPending(s)) };
  }
}
