import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, type Principal, ReadsProjections, Roles } from '@academy/backend';
import type { MyGradesResponse } from '@academy/contracts';
import { GRADING_PROJECTION } from '../../projections/grading/grading.projection.js';
import { GradingReader } from '../../projections/grading/grading.reader.js';

@ApiTags('grading')
@Controller('student/grades')
export class MyGradesController {
  constructor(private readonly reader: GradingReader) {}

  /** Student My Grades: the caller's own attempts and the summary cards. */
  @Get()
  @Roles('student')
  @ReadsProjections(GRADING_PROJECTION)
  async get(@CurrentUser() principal: Principal): Promise<MyGradesResponse> {
    return this.reader.myGrades(principal.userId);
  }
}
