import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, type Principal, ReadsProjections, Roles } from '@academy/backend';
import { DomainError } from '@academy/event-store';
import { GRADING_MESSAGES, type SubmissionDetailResponse } from '@academy/contracts';
import { GRADING_PROJECTION } from '../../projections/grading/grading.projection.js';
import { GradingReader } from '../../projections/grading/grading.reader.js';
import { assertCanRead } from '../staff-access.js';

@ApiTags('grading')
@Controller('submissions')
export class GetSubmissionController {
  constructor(private readonly reader: GradingReader) {}

  /** One attempt and every attempt at the same item: its student, a teacher of its subject, admin. */
  @Get(':id')
  @Roles('student', 'teacher', 'admin')
  @ReadsProjections(GRADING_PROJECTION)
  async get(@Param('id') id: string, @CurrentUser() principal: Principal): Promise<SubmissionDetailResponse> {
    const found = await this.reader.streamOf(id);
    if (!found) throw new DomainError('not_found', GRADING_MESSAGES.submissionNotFound);
    await assertCanRead(this.reader, principal, found.subjectId, found.studentId);
    const attempts = await this.reader.attempts(found.streamId);
    return { submission: attempts.find((a) => a.id === id)!, attempts };
  }
}
