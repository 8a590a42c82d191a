import { Controller, Get, Query } from '@nestjs/common';
import { DispatchingController, ReadsProjections, Roles, ZodValidationPipe, Answers } from '@academy/backend';
import { subjectsQuerySchema, subjectsResponseSchema } from '@academy/contracts';
import { CATALOG_PROJECTION } from '../../projections/catalog/names.js';
import { ListSubjects } from './list-subjects.query.js';

@Controller('subjects')
export class ListSubjectsController extends DispatchingController {
  /** Admin Subjects (and the Enroll dialog's cohort list with ?programId=): by program name, then name. */
  @Get()
  @Roles('admin')
  @ReadsProjections(CATALOG_PROJECTION)
  @Answers(200, subjectsResponseSchema)
  list(@Query(new ZodValidationPipe(subjectsQuerySchema)) query: ReturnType<typeof subjectsQuerySchema.parse>) {
    return this.dispatch.query(new ListSubjects({ programId: query.programId }));
  }
}
