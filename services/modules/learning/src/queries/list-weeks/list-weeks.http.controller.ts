import { Controller, Get, Query } from '@nestjs/common';
import { CurrentUser, DispatchingController, type Principal, ReadsProjections, Roles, ZodValidationPipe, Answers } from '@academy/backend';
import { type ListWeeksQuery, listWeeksQuerySchema, type WeeksResponse, weeksResponseSchema } from '@academy/contracts';
import { LEARNING_PROJECTION } from '../../projections/learning/learning.projection.js';
import { ListWeeks } from './list-weeks.query.js';

@Controller('teacher/weeks')
export class ListWeeksController extends DispatchingController {
  /** Teacher Weekly Content: weeks of the caller's assigned subjects (one with ?subjectId=, 403 when not theirs); admin: any. */
  @Get()
  @Roles('teacher', 'admin')
  @ReadsProjections(LEARNING_PROJECTION)
  @Answers(200, weeksResponseSchema)
  list(@Query(new ZodValidationPipe(listWeeksQuerySchema)) query: ListWeeksQuery, @CurrentUser() principal: Principal): Promise<WeeksResponse> {
    return this.dispatch.query(new ListWeeks(principal, query));
  }
}
