import { Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, type CommandContext, DispatchingController, Roles, CommandAnswers, Refuses } from '@academy/backend';
import { type MessageResponse, USER_ADMIN_MESSAGES, messageResponseSchema } from '@academy/contracts';
import { USERS_PROJECTION } from '../../projections/users/users.projection.js';
import { ReissueTemporaryPassword } from './reissue-temporary-password.command.js';

@Controller('users')
export class ReissueTemporaryPasswordController extends DispatchingController {
  /**
   * "Re-issue password": admin for any other account, student admin for students (404 'Student not
   * found' for anyone else, as on Students). 200 { message: 'New temporary password sent via email.' };
   * 404; 409 on oneself.
   */
  @Post(':id/temporary-password')
  @Roles('admin', 'student_admin')
  @HttpCode(200)
  @CommandAnswers(200, messageResponseSchema)
  @Refuses(410)
  reissue(@Param('id') id: string, @Caller() caller: CommandContext, @Res({ passthrough: true }) res: Response) {
    return this.dispatch.command(res, new ReissueTemporaryPassword(caller, id), [USERS_PROJECTION], (): MessageResponse => ({ message: USER_ADMIN_MESSAGES.passwordReissued }));
  }
}
