import { Body, Controller, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, type CommandContext, CommandAnswers, DispatchingController, principalOf, RequestExample, Roles, ZodValidationPipe } from '@academy/backend';
import { CONVERSATION_MESSAGES, type ConversationResponse, conversationResponseSchema, type ReplyRequest, replyRequestSchema } from '@academy/contracts';
import { SubmissionReplies } from '../../queries/submission-replies/submission-replies.query.js';
import { GRADING_READ_MODEL } from '../submission-screens.js';
import { ReplyToSubmission } from './reply-to-submission.command.js';

@Controller('submissions')
export class ReplyToSubmissionController extends DispatchingController {
  /** 201 { message: 'Reply sent', replies }: its student or a teacher of its subject (admin reads only). */
  @Post(':id/replies')
  @Roles('student', 'teacher')
  @CommandAnswers(201, conversationResponseSchema)
  @RequestExample({ text: 'I moved the labels into the form as you said: is the order right now?' })
  reply(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(replyRequestSchema)) input: ReplyRequest,
    @Caller() caller: CommandContext,
    @Res({ passthrough: true }) res: Response,
  ) {
    // The thread as the screen shows it, read once grading shows the reply.
    return this.dispatch.command(res, new ReplyToSubmission(caller, id, input), GRADING_READ_MODEL, async (): Promise<ConversationResponse> => ({
      message: CONVERSATION_MESSAGES.sent,
      ...(await this.dispatch.query(new SubmissionReplies(principalOf(caller), id))),
    }));
  }
}
