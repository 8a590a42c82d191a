import { Controller, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, type CommandContext, DispatchingController, Public, CommandAnswers } from '@academy/backend';
import { USERS_PROJECTION } from '../../projections/users/users.projection.js';
import { SetUpFirstAdmin } from './set-up-first-admin.command.js';
import { setupResponseSchema } from '@academy/contracts';

/** /setup: public by nature (there is nobody to sign in yet) and refused once an administrator exists. */
@Controller('setup')
export class SetUpFirstAdminController extends DispatchingController {
  @Post()
  @Public()
  @HttpCode(201)
  @CommandAnswers(201, setupResponseSchema, { description: "The first admin's sign-in, shown once." })
  setUp(@Caller() caller: CommandContext, @Res({ passthrough: true }) res: Response) {
    // The one-time password is shown once: no cache may keep it.
    res.setHeader('Cache-Control', 'no-store');
    return this.dispatch.command(res, new SetUpFirstAdmin(caller), [USERS_PROJECTION], ({ email, password }) => ({ email, password }));
  }
}
