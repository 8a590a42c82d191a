import { Controller, Get } from '@nestjs/common';
import { Answers, CurrentUser, DispatchingController, type Principal, ReadsProjections, Roles } from '@academy/backend';
import { type RubricTemplatesResponse, rubricTemplatesResponseSchema } from '@academy/contracts';
import { GRADING_PROJECTION } from '../../projections/grading/grading.projection.js';
import { RubricTemplates } from './rubric-templates.query.js';

@Controller('rubric-templates')
export class RubricTemplatesController extends DispatchingController {
  /** Admin: the rubric templates to copy into items (issue 30 §2). */
  @Get()
  @Roles('admin')
  @ReadsProjections(GRADING_PROJECTION)
  @Answers(200, rubricTemplatesResponseSchema)
  list(@CurrentUser() principal: Principal): Promise<RubricTemplatesResponse> {
    return this.dispatch.query(new RubricTemplates(principal));
  }
}
