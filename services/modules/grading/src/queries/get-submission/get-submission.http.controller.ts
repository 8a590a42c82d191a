import { Controller, Get, Param } from '@nestjs/common';
import { CurrentUser, DispatchingController, type Principal, ReadsProjections, Roles, Answers } from '@academy/backend';
import { type SubmissionDetailResponse, submissionDetailResponseSchema } from '@academy/contracts';
import { GRADING_PROJECTION } from '../../projections/grading/grading.projection.js';
import { GetSubmission } from './get-submission.query.js';

@Controller('submissions')
export class GetSubmissionController extends DispatchingController {
  /** One attempt and every attempt at the same item: its student, a teacher of its subject, admin. */
  @Get(':id')
  @Roles('student', 'teacher', 'admin')
  @ReadsProjections(GRADING_PROJECTION)
  @Answers(200, submissionDetailResponseSchema)
  get(@Param('id') id: string, @CurrentUser() principal: Principal): Promise<SubmissionDetailResponse> {
    return this.dispatch.query(new GetSubmission(principal, id));
  }
}
