import { Controller, Get } from '@nestjs/common';
import { CurrentUser, DispatchingController, type Principal, ReadsProjections, Roles, Answers } from '@academy/backend';
import { CATALOG_PROJECTION } from '../../projections/catalog/names.js';
import { MySubjects } from './my-subjects.query.js';
import { mySubjectsResponseSchema } from '@academy/contracts';

@Controller('teacher/subjects')
export class MySubjectsController extends DispatchingController {
  /** Teacher My Subjects: only the subjects assigned to the caller (object-level: the id comes from the session). */
  @Get()
  @Roles('teacher')
  @ReadsProjections(CATALOG_PROJECTION)
  @Answers(200, mySubjectsResponseSchema)
  list(@CurrentUser() principal: Principal) {
    return this.dispatch.query(new MySubjects(principal.userId));
  }
}
