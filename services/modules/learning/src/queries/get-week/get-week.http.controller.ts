import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, type Principal, ReadsProjections, Roles } from '@academy/backend';
import { DomainError } from '@academy/event-store';
import { LEARNING_MESSAGES, type WeekResponse } from '@academy/contracts';
import { LEARNING_PROJECTION } from '../../projections/learning/learning.projection.js';
import { LearningReader } from '../../projections/learning/learning.reader.js';

@ApiTags('learning')
@Controller('weeks')
export class GetWeekController {
  constructor(private readonly reader: LearningReader) {}

  /** The content editor's week: the teacher assigned to its subject (403 otherwise), admin; 404 unknown. */
  @Get(':weekId')
  @Roles('teacher', 'admin')
  @ReadsProjections(LEARNING_PROJECTION)
  async get(@Param('weekId') weekId: string, @CurrentUser() principal: Principal): Promise<WeekResponse> {
    const week = await this.reader.week(weekId);
    if (!week) throw new DomainError('not_found', LEARNING_MESSAGES.weekNotFound);
    if (principal.role !== 'admin' && !(await this.reader.isAssigned(principal.userId, week.subjectId))) throw new DomainError('forbidden', LEARNING_MESSAGES.notYourSubject);
    return { week };
  }
}
