import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, type Principal, ReadsProjections, Roles } from '@academy/backend';
import type { ProgressResponse } from '@academy/contracts';
import { GRADING_PROJECTION } from '../../projections/grading/grading.projection.js';
import { GradingReader } from '../../projections/grading/grading.reader.js';

@ApiTags('grading')
@Controller('student/progress')
export class MyProgressController {
  constructor(private readonly reader: GradingReader) {}

  /** Student Progress (linked by the spec but never routed: fix): week by week, and the score trend. */
  @Get()
  @Roles('student')
  @ReadsProjections(GRADING_PROJECTION)
  async get(@CurrentUser() principal: Principal): Promise<ProgressResponse> {
    return this.reader.progress(principal.userId);
  }
}
