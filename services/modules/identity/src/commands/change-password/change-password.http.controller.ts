import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CommandResponder, commandMetadata, CurrentUser, type Principal, RateLimiter, ZodValidationPipe } from '@academy/backend';
import { type ChangePasswordRequest, changePasswordRequestSchema, type MessageResponse, USER_ADMIN_MESSAGES } from '@academy/contracts';
import { LIMITS, USERS_READ_MODEL } from '../../identity.limits.js';
import { ChangePasswordHandler } from './change-password.handler.js';

/** Every signed-in role (Settings). */
@ApiTags('identity')
@Controller('account')
export class ChangePasswordController {
  constructor(
    private readonly handler: ChangePasswordHandler,
    private readonly limiter: RateLimiter,
    private readonly responder: CommandResponder,
  ) {}

  /** 200; 400 fields.currentPassword when it is wrong; 429 after 10 attempts in 15 minutes per account. */
  @Post('password')
  @HttpCode(200)
  async change(
    @CurrentUser() principal: Principal,
    @Body(new ZodValidationPipe(changePasswordRequestSchema)) body: ChangePasswordRequest,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    await this.limiter.consume([{ rule: LIMITS.changePasswordUser, subject: principal.userId }]);
    const { position } = await this.handler.execute(principal, body, commandMetadata(req));
    return this.responder.answer<MessageResponse>(res, USERS_READ_MODEL, position, { message: USER_ADMIN_MESSAGES.passwordChanged });
  }
}
