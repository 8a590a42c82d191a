import { Controller, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CommandResponder, commandMetadata, CurrentUser, type Principal, Roles } from '@academy/backend';
import { type MessageResponse, USER_ADMIN_MESSAGES } from '@academy/contracts';
import { USERS_READ_MODEL } from '../../identity.limits.js';
import { ReissueTemporaryPasswordHandler } from './reissue-temporary-password.handler.js';

@ApiTags('identity')
@Controller('users')
export class ReissueTemporaryPasswordController {
  constructor(
    private readonly handler: ReissueTemporaryPasswordHandler,
    private readonly responder: CommandResponder,
  ) {}

  /**
   * "Re-issue password": admin for any other account, student admin for students (404 'Student not
   * found' for anyone else, as on Students). 200 { message: 'New temporary password sent via email.' };
   * 404; 409 on oneself.
   */
  @Post(':id/temporary-password')
  @Roles('admin', 'student_admin')
  @HttpCode(200)
  async reissue(@CurrentUser() principal: Principal, @Param('id') id: string, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const { position } = await this.handler.execute(principal, id, commandMetadata(req));
    return this.responder.answer<MessageResponse>(res, USERS_READ_MODEL, position, { message: USER_ADMIN_MESSAGES.passwordReissued });
  }
}
