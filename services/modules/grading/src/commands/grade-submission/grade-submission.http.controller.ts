import { Body, Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, type CommandContext, DispatchingController, principalOf, Roles, ZodValidationPipe, CommandAnswers, RequestExample } from '@academy/backend';
import { GRADING_MESSAGES, type GradeSubmissionRequest, gradeSubmissionRequestSchema, type SubmissionResponse, submissionResponseSchema } from '@academy/contracts';
import { SUBMISSION_SCREENS } from '../submission-screens.js';
import { GetSubmission } from '../../queries/get-submission/get-submission.query.js';
import { GradeSubmission } from './grade-submission.command.js';

@Controller('submissions')
export class GradeSubmissionController extends DispatchingController {
  /** 200 { message: 'Grade submitted successfully', submission }; 403 not assigned; 404; 409 gradeChangedMeanwhile. */
  @Post(':id/grade')
  @Roles('teacher')
  @HttpCode(200)
  @CommandAnswers(200, submissionResponseSchema)
  @RequestExample({ score: 85, status: 'passed', feedback: 'Clean markup; add alt texts to the images.' })
  grade(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(gradeSubmissionRequestSchema)) body: GradeSubmissionRequest,
    @Caller() caller: CommandContext,
    @Res({ passthrough: true }) res: Response,
  ) {
    // The submission as the screen shows it, read once the projection shows the grade.
    return this.dispatch.command(res, new GradeSubmission(caller, id, body), SUBMISSION_SCREENS, async ({ submissionId }): Promise<SubmissionResponse> => ({
      message: GRADING_MESSAGES.gradeSubmitted,
      submission: (await this.dispatch.query(new GetSubmission(principalOf(caller), submissionId))).submission,
    }));
  }
}
