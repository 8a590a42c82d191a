import { Controller, Get, Param } from '@nestjs/common';
import { CurrentUser, DispatchingController, type Principal, ReadsProjections, Roles, Answers } from '@academy/backend';
import { type GradeHistoryResponse, gradeHistoryResponseSchema } from '@academy/contracts';
import { GRADING_PROJECTION } from '../../projections/grading/grading.projection.js';
import { GradeHistory } from './grade-history.query.js';

@Controller('submissions')
export class GradeHistoryController extends DispatchingController {
  /** Staff only: every grade change of the item's attempts (who, when, old → new), read from the events themselves. */
  @Get(':id/history')
  @Roles('teacher', 'admin')
  @ReadsProjections(GRADING_PROJECTION)
  @Answers(200, gradeHistoryResponseSchema)
  history(@Param('id') id: string, @CurrentUser() principal: Principal): Promise<GradeHistoryResponse> {
    return this.dispatch.query(new GradeHistory(principal, id));
  }
}
