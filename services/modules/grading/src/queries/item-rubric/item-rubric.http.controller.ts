import { Controller, Get, Param } from '@nestjs/common';
import { Answers, CurrentUser, DispatchingController, type Principal, ReadsProjections, Roles } from '@academy/backend';
import { type ItemRubricResponse, itemRubricResponseSchema } from '@academy/contracts';
import { GRADING_PROJECTION } from '../../projections/grading/grading.projection.js';
import { ItemRubric } from './item-rubric.query.js';

@Controller('items')
export class ItemRubricController extends DispatchingController {
  /** Staff: the item's current rubric (issue 30 §2); 403 a teacher of another subject; 404. */
  @Get(':itemId/rubric')
  @Roles('teacher', 'admin')
  @ReadsProjections(GRADING_PROJECTION)
  @Answers(200, itemRubricResponseSchema)
  get(@Param('itemId') itemId: string, @CurrentUser() principal: Principal): Promise<ItemRubricResponse> {
    return this.dispatch.query(new ItemRubric(principal, itemId));
  }
}
