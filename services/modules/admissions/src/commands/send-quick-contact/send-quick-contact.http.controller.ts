import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Caller, clientAddress, type CommandContext, Dispatch, Public, RateLimiter, ZodValidationPipe, CommandAnswers, Refuses } from '@academy/backend';
import { ADMISSIONS_MESSAGES, quickContactRequestSchema, type MessageResponse, type ParsedQuickContactRequest, messageResponseSchema } from '@academy/contracts';
import { LIMITS } from '../../admissions.limits.js';
import { SendQuickContact } from './send-quick-contact.command.js';

@Controller('public/quick-contacts')
export class SendQuickContactController {
  constructor(
    private readonly dispatch: Dispatch,
    private readonly limiter: RateLimiter,
  ) {}

  /** 201 { message: "We'll get back to you soon." }; 400 fields; 429 rateLimited (in-memory counts while Redis is down). */
  @Post()
  @Public()
  @HttpCode(201)
  @CommandAnswers(201, messageResponseSchema)
  @Refuses(429)
  async send(
    @Body(new ZodValidationPipe(quickContactRequestSchema)) body: ParsedQuickContactRequest,
    @Caller() caller: CommandContext,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    await this.limiter.consume([{ rule: LIMITS.quickContactsIp, subject: clientAddress(req) }], { message: ADMISSIONS_MESSAGES.rateLimited });
    return this.dispatch.command(res, new SendQuickContact(caller, body), [], (): MessageResponse => ({ message: ADMISSIONS_MESSAGES.quickContactSentDescription }));
  }
}
