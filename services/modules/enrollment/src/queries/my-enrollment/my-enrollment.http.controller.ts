import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, type Principal, ReadsProjections, Roles } from '@academy/backend';
import type { MyEnrollmentResponse } from '@academy/contracts';
import { ENROLLMENT_PROJECTION } from '../../projections/enrollments/enrollments.projection.js';
import { EnrollmentsReader } from '../../projections/enrollments/enrollments.reader.js';

@ApiTags('enrollment')
@Controller('student/enrollment')
export class MyEnrollmentController {
  constructor(private readonly enrollments: EnrollmentsReader) {}

  /** Student My Course: the caller's ACTIVE enrollment, or null (spec §4). */
  @Get()
  @Roles('student')
  @ReadsProjections(ENROLLMENT_PROJECTION)
  async get(@CurrentUser() principal: Principal): Promise<MyEnrollmentResponse> {
    return { enrollment: await this.enrollments.activeOf(principal.userId) };
  }
}
