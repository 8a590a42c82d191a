import { Controller, Get, Param } from '@nestjs/common';
import { CurrentUser, DispatchingController, type Principal, ReadsProjections, Roles, Answers } from '@academy/backend';
import { type WeekResponse, weekResponseSchema } from '@academy/contracts';
import { LEARNING_PROJECTION } from '../../projections/learning/learning.projection.js';
import { GetWeek } from './get-week.query.js';

@Controller('weeks')
export class GetWeekController extends DispatchingController {
  /** The content editor's week: the teacher assigned to its subject (403 otherwise), admin; 404 unknown. */
  @Get(':weekId')
  @Roles('teacher', 'admin')
  @ReadsProjections(LEARNING_PROJECTION)
  @Answers(200, weekResponseSchema)
  get(@Param('weekId') weekId: string, @CurrentUser() principal: Principal): Promise<WeekResponse> {
    return this.dispatch.query(new GetWeek(principal, weekId));
  }
}
