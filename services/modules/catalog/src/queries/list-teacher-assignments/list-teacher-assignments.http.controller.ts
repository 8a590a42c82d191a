import { Controller, Get } from '@nestjs/common';
import { DispatchingController, ReadsProjections, Roles, Answers } from '@academy/backend';
import { CATALOG_PROJECTION } from '../../projections/catalog/names.js';
import { ListTeacherAssignments } from './list-teacher-assignments.query.js';
import { teacherAssignmentsResponseSchema } from '@academy/contracts';

@Controller('teacher-assignments')
export class ListTeacherAssignmentsController extends DispatchingController {
  /** Admin Teacher Assignments: newest first. */
  @Get()
  @Roles('admin')
  @ReadsProjections(CATALOG_PROJECTION)
  @Answers(200, teacherAssignmentsResponseSchema)
  list() {
    return this.dispatch.query(new ListTeacherAssignments());
  }
}
