import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, type CommandContext, DispatchingController, ZodValidationPipe, CommandAnswers, Refuses } from '@academy/backend';
import { type ChangePasswordRequest, changePasswordRequestSchema, type MessageResponse, USER_ADMIN_MESSAGES, messageResponseSchema } from '@academy/contracts';
import { USERS_PROJECTION } from '../../projections/users/users.projection.js';
import { ChangePassword } from './change-password.command.js';

/** Every signed-in role (Settings). */
@Controller('account')
export class ChangePasswordController extends DispatchingController {
  /** 200; 400 fields.currentPassword when it is wrong; 429 after 10 attempts in 15 minutes per account. */
  @Post('password')
  @HttpCode(200)
  @CommandAnswers(200, messageResponseSchema)
  @Refuses(429)
  change(@Body(new ZodValidationPipe(changePasswordRequestSchema)) body: ChangePasswordRequest, @Caller() caller: CommandContext, @Res({ passthrough: true }) res: Response) {
    return this.dispatch.command(res, new ChangePassword(caller, body), [USERS_PROJECTION], (): MessageResponse => ({ message: USER_ADMIN_MESSAGES.passwordChanged }));
  }
}
