import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AllowIncompleteProfile, CommandResponder, commandMetadata, CurrentUser, type Principal, ZodValidationPipe } from '@academy/backend';
import { type CompleteProfileRequest, completeProfileRequestSchema, type CompleteProfileResponse } from '@academy/contracts';
import { USERS_READ_MODEL } from '../../identity.limits.js';
import { CompleteProfileHandler } from './complete-profile.handler.js';

/** Any signed-in user (spec §2); the shell sends students here until first_login_completed, and the ProfileGate refuses them everything else. */
@ApiTags('identity')
@Controller('profile')
export class CompleteProfileController {
  constructor(
    private readonly handler: CompleteProfileHandler,
    private readonly responder: CommandResponder,
  ) {}

  @Post('complete')
  @AllowIncompleteProfile()
  @HttpCode(200)
  async complete(
    @CurrentUser() principal: Principal,
    @Body(new ZodValidationPipe(completeProfileRequestSchema)) body: CompleteProfileRequest,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { user, position } = await this.handler.execute(principal, body, commandMetadata(req));
    return this.responder.answer<CompleteProfileResponse>(res, USERS_READ_MODEL, position, { user });
  }
}
