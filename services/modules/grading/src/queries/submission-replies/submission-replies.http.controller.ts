import { Controller, Get, Param } from '@nestjs/common';
import { Answers, CurrentUser, DispatchingController, type Principal, ReadsProjections, Roles } from '@academy/backend';
import { type ConversationResponse, conversationResponseSchema } from '@academy/contracts';
import { GRADING_PROJECTION } from '../../projections/grading/grading.projection.js';
import { SubmissionReplies } from './submission-replies.query.js';

@Controller('submissions')
export class SubmissionRepliesController extends DispatchingController {
  /** The conversation under the feedback (issue 30 §3): its student, a teacher of its subject, admin (read only). */
  @Get(':id/replies')
  @Roles('student', 'teacher', 'admin')
  @ReadsProjections(GRADING_PROJECTION)
  @Answers(200, conversationResponseSchema)
  list(@Param('id') id: string, @CurrentUser() principal: Principal): Promise<ConversationResponse> {
    return this.dispatch.query(new SubmissionReplies(principal, id));
  }
}
