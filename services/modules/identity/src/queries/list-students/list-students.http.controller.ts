import { Controller, Get } from '@nestjs/common';
import { DispatchingController, ReadsProjections, Roles, Answers } from '@academy/backend';
import { USERS_PROJECTION } from '../../projections/users/users.projection.js';
import { ListStudents } from './list-students.query.js';
import { studentsListResponseSchema } from '@academy/contracts';

@Controller('students')
export class ListStudentsController extends DispatchingController {
  /** Student-admin Students page: every live student, by name. */
  @Get()
  @Roles('student_admin', 'admin')
  @ReadsProjections(USERS_PROJECTION)
  @Answers(200, studentsListResponseSchema)
  list() {
    return this.dispatch.query(new ListStudents());
  }
}
