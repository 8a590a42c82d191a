import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { clientAddress, CommandResponder, commandMetadata, Public, RateLimiter, ZodValidationPipe } from '@academy/backend';
import { ADMISSIONS_MESSAGES, type MessageResponse, type ParsedQuickContactRequest, quickContactRequestSchema } from '@academy/contracts';
import { LIMITS } from '../../admissions.limits.js';
import { SendQuickContactHandler } from './send-quick-contact.handler.js';

@ApiTags('admissions')
@Controller('public/quick-contacts')
export class SendQuickContactController {
  constructor(
    private readonly handler: SendQuickContactHandler,
    private readonly limiter: RateLimiter,
    private readonly responder: CommandResponder,
  ) {}

  /** 201 { message: "We'll get back to you soon." }; 400 fields; 429 rateLimited (in-memory counts while Redis is down). */
  @Post()
  @Public()
  @HttpCode(201)
  async send(@Body(new ZodValidationPipe(quickContactRequestSchema)) body: ParsedQuickContactRequest, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await this.limiter.consume([{ rule: LIMITS.quickContactsIp, subject: clientAddress(req) }], { message: ADMISSIONS_MESSAGES.rateLimited });
    const { position } = await this.handler.execute(body, commandMetadata(req));
    return this.responder.answer<MessageResponse>(res, [], position, { message: ADMISSIONS_MESSAGES.quickContactSentDescription });
  }
}
