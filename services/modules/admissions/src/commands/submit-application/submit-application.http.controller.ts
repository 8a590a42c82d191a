import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Caller, clientAddress, type CommandContext, Dispatch, Public, RateLimiter, ZodValidationPipe, CommandAnswers, Refuses } from '@academy/backend';
import { ADMISSIONS_MESSAGES, applicationRequestSchema, type MessageResponse, type ParsedApplicationRequest, messageResponseSchema } from '@academy/contracts';
import { LIMITS } from '../../admissions.limits.js';
import { SubmitApplication } from './submit-application.command.js';

@Controller('public/applications')
export class SubmitApplicationController {
  constructor(
    private readonly dispatch: Dispatch,
    private readonly limiter: RateLimiter,
  ) {}

  /**
   * 201 { message: 'Our admissions team will contact you soon.' }; 400 fields; 429 rateLimited.
   * The per-IP limit counts in memory while Redis is down: an application is stored during an outage.
   * It answers without waiting for a projection: no screen of the visitor reads what they sent.
   */
  @Post()
  @Public()
  @HttpCode(201)
  @CommandAnswers(201, messageResponseSchema)
  @Refuses(429)
  async submit(
    @Body(new ZodValidationPipe(applicationRequestSchema)) body: ParsedApplicationRequest,
    @Caller() caller: CommandContext,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    await this.limiter.consume([{ rule: LIMITS.applicationsIp, subject: clientAddress(req) }], { message: ADMISSIONS_MESSAGES.rateLimited });
    return this.dispatch.command(res, new SubmitApplication(caller, body), [], (): MessageResponse => ({ message: ADMISSIONS_MESSAGES.applicationSubmittedDescription }));
  }
}
