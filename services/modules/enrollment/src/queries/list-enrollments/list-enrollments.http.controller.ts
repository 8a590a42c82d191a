import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ReadsProjections, Roles } from '@academy/backend';
import type { EnrollmentsResponse } from '@academy/contracts';
import { ENROLLMENT_PROJECTION } from '../../projections/enrollments/enrollments.projection.js';
import { EnrollmentsReader } from '../../projections/enrollments/enrollments.reader.js';

@ApiTags('enrollment')
@Controller('enrollments')
export class ListEnrollmentsController {
  constructor(private readonly enrollments: EnrollmentsReader) {}

  /** Admin Enrollments: every enrollment, newest first. */
  @Get()
  @Roles('admin')
  @ReadsProjections(ENROLLMENT_PROJECTION)
  async list(): Promise<EnrollmentsResponse> {
    return { enrollments: await this.enrollments.list() };
  }
}
