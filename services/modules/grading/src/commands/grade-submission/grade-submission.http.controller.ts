import { Body, Controller, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CommandResponder, commandMetadata, CurrentUser, type Principal, Roles, ZodValidationPipe } from '@academy/backend';
import { GRADING_MESSAGES, type GradeSubmissionRequest, gradeSubmissionRequestSchema, type SubmissionResponse } from '@academy/contracts';
import { SUBMISSION_SCREENS } from '../../projections/grading/grading.reader.js';
import { GradeSubmissionHandler } from './grade-submission.handler.js';

@ApiTags('grading')
@Controller('submissions')
export class GradeSubmissionController {
  constructor(
    private readonly handler: GradeSubmissionHandler,
    private readonly responder: CommandResponder,
  ) {}

  /** 200 { message: 'Grade submitted successfully', submission }; 403 not assigned; 404; 409 gradeChangedMeanwhile. */
  @Post(':id/grade')
  @Roles('teacher')
  @HttpCode(200)
  async grade(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(gradeSubmissionRequestSchema)) body: GradeSubmissionRequest,
    @CurrentUser() principal: Principal,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { submission, position } = await this.handler.execute(principal, id, body, commandMetadata(req));
    return this.responder.answer<SubmissionResponse>(res, SUBMISSION_SCREENS, position, { message: GRADING_MESSAGES.gradeSubmitted, submission });
  }
}
