import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, type Principal, ReadsProjections, Roles, ZodValidationPipe } from '@academy/backend';
import { DomainError } from '@academy/event-store';
import { LEARNING_MESSAGES, type ListWeeksQuery, listWeeksQuerySchema, type WeeksResponse } from '@academy/contracts';
import { LEARNING_PROJECTION } from '../../projections/learning/learning.projection.js';
import { LearningReader } from '../../projections/learning/learning.reader.js';

@ApiTags('learning')
@Controller('teacher/weeks')
export class ListWeeksController {
  constructor(private readonly reader: LearningReader) {}

  /** Teacher Weekly Content: weeks of the caller's assigned subjects (one with ?subjectId=, 403 when not theirs); admin: any. */
  @Get()
  @Roles('teacher', 'admin')
  @ReadsProjections(LEARNING_PROJECTION)
  async list(@Query(new ZodValidationPipe(listWeeksQuerySchema)) query: ListWeeksQuery, @CurrentUser() principal: Principal): Promise<WeeksResponse> {
    if (principal.role === 'admin') return { weeks: await this.reader.weeks({ subjectId: query.subjectId }) };
    if (query.subjectId && !(await this.reader.isAssigned(principal.userId, query.subjectId))) throw new DomainError('forbidden', LEARNING_MESSAGES.notYourSubject);
    return { weeks: await this.reader.weeks({ subjectId: query.subjectId, teacherId: principal.userId }) };
  }
}
