import { Controller, Get } from '@nestjs/common';
import { CurrentUser, DispatchingController, type Principal, ReadsProjections, Roles, Answers } from '@academy/backend';
import { type LessonsResponse, lessonsResponseSchema } from '@academy/contracts';
import { LEARNING_PROJECTION } from '../../projections/learning/learning.projection.js';
import { MyLessons } from './my-lessons.query.js';

@Controller('student/lessons')
export class MyLessonsController extends DispatchingController {
  /** Student Weekly Lessons: the caller's own published weeks up to their current week (earlier ones `past`, read-only); drafts never appear. */
  @Get()
  @Roles('student')
  @ReadsProjections(LEARNING_PROJECTION)
  @Answers(200, lessonsResponseSchema)
  get(@CurrentUser() principal: Principal): Promise<LessonsResponse> {
    return this.dispatch.query(new MyLessons(principal.userId));
  }
}
