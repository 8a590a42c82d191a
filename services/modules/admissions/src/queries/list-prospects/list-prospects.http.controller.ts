import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ReadsProjections, Roles, ZodValidationPipe } from '@academy/backend';
import { prospectsQuerySchema, type ProspectsResponse } from '@academy/contracts';
import { ADMISSIONS_PROJECTION } from '../../projections/prospects/prospects.projection.js';
import { ProspectsReader } from '../../projections/prospects/prospects.reader.js';

type ParsedQuery = ReturnType<typeof prospectsQuerySchema.parse>;

@ApiTags('admissions')
@Controller('admissions/prospects')
export class ListProspectsController {
  constructor(private readonly prospects: ProspectsReader) {}

  /** Admin Prospective Students and student-admin Prospective: ?kind=application|quick_contact&status=&q=, newest first. */
  @Get()
  @Roles('admin', 'student_admin')
  @ReadsProjections(ADMISSIONS_PROJECTION)
  async list(@Query(new ZodValidationPipe(prospectsQuerySchema)) query: ParsedQuery): Promise<ProspectsResponse> {
    return { prospects: await this.prospects.list(query) };
  }
}
