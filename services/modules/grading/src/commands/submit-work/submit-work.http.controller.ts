import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CommandResponder, commandMetadata, CurrentUser, type Principal, Roles, ZodValidationPipe } from '@academy/backend';
import { GRADING_MESSAGES, type SubmissionResponse, type SubmitWorkRequest, submitWorkRequestSchema } from '@academy/contracts';
import { SUBMISSION_SCREENS } from '../../projections/grading/grading.reader.js';
import { SubmitWorkHandler } from './submit-work.handler.js';

@ApiTags('grading')
@Controller('student/submissions')
export class SubmitWorkController {
  constructor(
    private readonly handler: SubmitWorkHandler,
    private readonly responder: CommandResponder,
  ) {}

  /** 201 { message: 'Submission successful!', submission } once My Grades and the lessons show it. */
  @Post()
  @Roles('student')
  @HttpCode(201)
  async submit(
    @Body(new ZodValidationPipe(submitWorkRequestSchema)) body: SubmitWorkRequest,
    @CurrentUser() principal: Principal,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { submission, position } = await this.handler.execute(principal, body, commandMetadata(req));
    return this.responder.answer<SubmissionResponse>(res, SUBMISSION_SCREENS, position, { message: GRADING_MESSAGES.submitted, submission });
  }
}
