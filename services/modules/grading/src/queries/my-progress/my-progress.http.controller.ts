import { Controller, Get } from '@nestjs/common';
import { CurrentUser, DispatchingController, type Principal, ReadsProjections, Roles, Answers } from '@academy/backend';
import { type ProgressResponse, progressResponseSchema } from '@academy/contracts';
import { GRADING_PROJECTION } from '../../projections/grading/grading.projection.js';
import { MyProgress } from './my-progress.query.js';

@Controller('student/progress')
export class MyProgressController extends DispatchingController {
  /** Student Progress (linked by the spec but never routed: fix): week by week, and the score trend. */
  @Get()
  @Roles('student')
  @ReadsProjections(GRADING_PROJECTION)
  @Answers(200, progressResponseSchema)
  get(@CurrentUser() principal: Principal): Promise<ProgressResponse> {
    return this.dispatch.query(new MyProgress(principal.userId));
  }
}
