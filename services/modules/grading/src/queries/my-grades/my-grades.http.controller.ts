import { Controller, Get } from '@nestjs/common';
import { CurrentUser, DispatchingController, type Principal, ReadsProjections, Roles, Answers } from '@academy/backend';
import { type MyGradesResponse, myGradesResponseSchema } from '@academy/contracts';
import { GRADING_PROJECTION } from '../../projections/grading/grading.projection.js';
import { MyGrades } from './my-grades.query.js';

@Controller('student/grades')
export class MyGradesController extends DispatchingController {
  /** Student My Grades: the caller's own attempts and the summary cards. */
  @Get()
  @Roles('student')
  @ReadsProjections(GRADING_PROJECTION)
  @Answers(200, myGradesResponseSchema)
  get(@CurrentUser() principal: Principal): Promise<MyGradesResponse> {
    return this.dispatch.query(new MyGrades(principal.userId));
  }
}
