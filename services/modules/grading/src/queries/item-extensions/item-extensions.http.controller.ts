import { Controller, Get, Param } from '@nestjs/common';
import { Answers, CurrentUser, DispatchingController, type Principal, ReadsProjections, Roles } from '@academy/backend';
import { type ItemExtensionsResponse, itemExtensionsResponseSchema } from '@academy/contracts';
import { GRADING_PROJECTION } from '../../projections/grading/grading.projection.js';
import { ItemExtensions } from './item-extensions.query.js';

@Controller('items')
export class ItemExtensionsController extends DispatchingController {
  /** Staff: the item's due date and late policy, its students and their extensions (issue 30 §4). */
  @Get(':itemId/extensions')
  @Roles('teacher', 'admin')
  @ReadsProjections(GRADING_PROJECTION)
  @Answers(200, itemExtensionsResponseSchema)
  list(@Param('itemId') itemId: string, @CurrentUser() principal: Principal): Promise<ItemExtensionsResponse> {
    return this.dispatch.query(new ItemExtensions(principal, itemId));
  }
}
