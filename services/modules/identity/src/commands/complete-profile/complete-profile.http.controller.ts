import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AllowIncompleteProfile, Caller, type CommandContext, DispatchingController, ZodValidationPipe, CommandAnswers } from '@academy/backend';
import { type CompleteProfileRequest, completeProfileRequestSchema, type CompleteProfileResponse, completeProfileResponseSchema } from '@academy/contracts';
import { USERS_PROJECTION } from '../../projections/users/users.projection.js';
import { CompleteProfile } from './complete-profile.command.js';

/** Any signed-in user (spec §2); the shell sends students here until first_login_completed, and the ProfileGate refuses them everything else. */
@Controller('profile')
export class CompleteProfileController extends DispatchingController {
  @Post('complete')
  @AllowIncompleteProfile()
  @HttpCode(200)
  @CommandAnswers(200, completeProfileResponseSchema)
  complete(@Body(new ZodValidationPipe(completeProfileRequestSchema)) body: CompleteProfileRequest, @Caller() caller: CommandContext, @Res({ passthrough: true }) res: Response) {
    return this.dispatch.command(res, new CompleteProfile(caller, body), [USERS_PROJECTION], ({ user }): CompleteProfileResponse => ({ user }));
  }
}
