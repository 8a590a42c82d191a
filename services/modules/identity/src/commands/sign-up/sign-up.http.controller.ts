import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { clientAddress, CommandResponder, commandMetadata, Public, RateLimiter, ZodValidationPipe } from '@academy/backend';
import { IDENTITY_MESSAGES, type MessageResponse, type SignUpRequest, signUpRequestSchema } from '@academy/contracts';
import { EmailLookup } from '@academy/event-store';
import { LIMITS, USERS_READ_MODEL } from '../../identity.limits.js';
import { SignUpHandler } from './sign-up.handler.js';

@ApiTags('identity')
@Controller('auth')
export class SignUpController {
  constructor(
    private readonly handler: SignUpHandler,
    private readonly limiter: RateLimiter,
    private readonly responder: CommandResponder,
    private readonly lookup: EmailLookup,
  ) {}

  @Post('sign-up')
  @Public()
  @HttpCode(201)
  async signUp(@Body(new ZodValidationPipe(signUpRequestSchema)) body: SignUpRequest, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await this.limiter.consume([
      { rule: LIMITS.signUpIp, subject: clientAddress(req) },
      { rule: LIMITS.signUpEmail, subject: this.lookup.of(body.email) },
    ]);
    const { position } = await this.handler.execute(body, commandMetadata(req));
    return this.responder.answer<MessageResponse>(res, USERS_READ_MODEL, position, { message: IDENTITY_MESSAGES.signedUp });
  }
}
