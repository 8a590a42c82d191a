import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CommandResponder, commandMetadata, Public, ZodValidationPipe } from '@academy/backend';
import { IDENTITY_MESSAGES, type MessageResponse, type VerifyEmailRequest, verifyEmailRequestSchema } from '@academy/contracts';
import { USERS_READ_MODEL } from '../../identity.limits.js';
import { VerifyEmailHandler } from './verify-email.handler.js';

@ApiTags('identity')
@Controller('auth')
export class VerifyEmailController {
  constructor(
    private readonly handler: VerifyEmailHandler,
    private readonly responder: CommandResponder,
  ) {}

  @Post('verify-email')
  @Public()
  @HttpCode(200)
  async verify(@Body(new ZodValidationPipe(verifyEmailRequestSchema)) body: VerifyEmailRequest, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const { position } = await this.handler.execute(body.token, commandMetadata(req));
    return this.responder.answer<MessageResponse>(res, USERS_READ_MODEL, position, { message: IDENTITY_MESSAGES.emailVerified });
  }
}
