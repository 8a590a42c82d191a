import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, type CommandContext, DispatchingController, Roles, ZodValidationPipe, CommandAnswers, RequestExample } from '@academy/backend';
import { GRADING_MESSAGES, type SubmissionResponse, type SubmitWorkRequest, submitWorkRequestSchema, submissionResponseSchema } from '@academy/contracts';
import { SUBMISSION_SCREENS } from '../submission-screens.js';
import { SubmitWork } from './submit-work.command.js';

@Controller('student/submissions')
export class SubmitWorkController extends DispatchingController {
  /** 201 { message: 'Submission successful!', submission } once My Grades and the lessons show it. */
  @Post()
  @Roles('student')
  @HttpCode(201)
  @CommandAnswers(201, submissionResponseSchema)
  @RequestExample({ kind: 'task', itemId: '7d9c2a4e-3b1f-4c8a-9e6d-5f2b1a0c3d4e', githubUrl: 'https://github.com/ada/landing-page', notes: 'Responsive down to 320 px.' })
  submit(@Body(new ZodValidationPipe(submitWorkRequestSchema)) body: SubmitWorkRequest, @Caller() caller: CommandContext, @Res({ passthrough: true }) res: Response) {
    return this.dispatch.command(res, new SubmitWork(caller, body), SUBMISSION_SCREENS, ({ submission }): SubmissionResponse => ({ message: GRADING_MESSAGES.submitted, submission }));
  }
}
