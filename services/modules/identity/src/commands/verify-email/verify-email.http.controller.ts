import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, type CommandContext, DispatchingController, Public, ZodValidationPipe, CommandAnswers } from '@academy/backend';
import { IDENTITY_MESSAGES, type VerifyEmailRequest, verifyEmailRequestSchema, messageResponseSchema } from '@academy/contracts';
import { USERS_PROJECTION } from '../../projections/users/users.projection.js';
import { VerifyEmail } from './verify-email.command.js';

@Controller('auth')
export class VerifyEmailController extends DispatchingController {
  @Post('verify-email')
  @Public()
  @HttpCode(200)
  @CommandAnswers(200, messageResponseSchema)
  verify(@Body(new ZodValidationPipe(verifyEmailRequestSchema)) body: VerifyEmailRequest, @Caller() caller: CommandContext, @Res({ passthrough: true }) res: Response) {
    return this.dispatch.command(res, new VerifyEmail(caller, body.token), [USERS_PROJECTION], () => ({ message: IDENTITY_MESSAGES.emailVerified }));
  }
}
