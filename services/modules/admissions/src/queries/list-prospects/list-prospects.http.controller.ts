import { Controller, Get, Query } from '@nestjs/common';
import { DispatchingController, ReadsProjections, Roles, ZodValidationPipe, Answers } from '@academy/backend';
import { prospectsQuerySchema, prospectsResponseSchema } from '@academy/contracts';
import { ADMISSIONS_PROJECTION } from '../../projections/prospects/names.js';
import { ListProspects } from './list-prospects.query.js';

type ParsedQuery = ReturnType<typeof prospectsQuerySchema.parse>;

@Controller('admissions/prospects')
export class ListProspectsController extends DispatchingController {
  /** Admin Prospective Students and student-admin Prospective: ?kind=application|quick_contact&status=&q=, newest first. */
  @Get()
  @Roles('admin', 'student_admin')
  @ReadsProjections(ADMISSIONS_PROJECTION)
  @Answers(200, prospectsResponseSchema)
  list(@Query(new ZodValidationPipe(prospectsQuerySchema)) query: ParsedQuery) {
    return this.dispatch.query(new ListProspects(query));
  }
}
