import { Controller, Get } from '@nestjs/common';
import { DispatchingController, ReadsProjections, Roles, Answers } from '@academy/backend';
import { CATALOG_PROJECTION } from '../../projections/catalog/names.js';
import { ListPrograms } from './list-programs.query.js';
import { programsResponseSchema } from '@academy/contracts';

@Controller('programs')
export class ListProgramsController extends DispatchingController {
  /** Admin Programs: every program by name, with its subject and enrollment counts. */
  @Get()
  @Roles('admin')
  @ReadsProjections(CATALOG_PROJECTION)
  @Answers(200, programsResponseSchema)
  list() {
    return this.dispatch.query(new ListPrograms());
  }
}
