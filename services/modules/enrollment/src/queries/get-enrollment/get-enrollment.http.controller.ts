import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, type Principal, ReadsProjections, Roles } from '@academy/backend';
import { DomainError } from '@academy/event-store';
import { type EnrollmentResponse, ENROLLMENT_MESSAGES } from '@academy/contracts';
import { ENROLLMENT_PROJECTION } from '../../projections/enrollments/enrollments.projection.js';
import { EnrollmentsReader } from '../../projections/enrollments/enrollments.reader.js';

@ApiTags('enrollment')
@Controller('enrollments')
export class GetEnrollmentController {
  constructor(private readonly enrollments: EnrollmentsReader) {}

  /** Admin: any enrollment; a student: only their own (404 otherwise, as if it did not exist). */
  @Get(':id')
  @Roles('admin', 'student')
  @ReadsProjections(ENROLLMENT_PROJECTION)
  async get(@CurrentUser() principal: Principal, @Param('id') id: string): Promise<EnrollmentResponse> {
    const enrollment = await this.enrollments.byId(id);
    if (!enrollment || (principal.role !== 'admin' && enrollment.studentId !== principal.userId)) {
      throw new DomainError('not_found', ENROLLMENT_MESSAGES.enrollmentNotFound);
    }
    return { enrollment };
  }
}
