import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Caller, clientAddress, type CommandContext, DispatchingController, Public, ZodValidationPipe, CommandAnswers, Refuses } from '@academy/backend';
import { IDENTITY_MESSAGES, type SignUpRequest, signUpRequestSchema, messageResponseSchema } from '@academy/contracts';
import { USERS_PROJECTION } from '../../projections/users/users.projection.js';
import { SignUp } from './sign-up.command.js';

@Controller('auth')
export class SignUpController extends DispatchingController {
  @Post('sign-up')
  @Public()
  @HttpCode(201)
  @CommandAnswers(201, messageResponseSchema)
  @Refuses(429)
  signUp(@Body(new ZodValidationPipe(signUpRequestSchema)) body: SignUpRequest, @Caller() caller: CommandContext, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.dispatch.command(res, new SignUp(caller, body, clientAddress(req)), [USERS_PROJECTION], () => ({ message: IDENTITY_MESSAGES.signedUp }));
  }
}
