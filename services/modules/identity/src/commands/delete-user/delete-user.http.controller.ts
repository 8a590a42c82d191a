import { Controller, Delete, HttpCode, Param, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CommandResponder, commandMetadata, CurrentUser, type Principal, Roles } from '@academy/backend';
import { type MessageResponse, USER_ADMIN_MESSAGES } from '@academy/contracts';
import { USERS_READ_MODEL } from '../../identity.limits.js';
import { DeleteUserHandler } from './delete-user.handler.js';

@ApiTags('identity')
@Controller('users')
export class DeleteUserController {
  constructor(
    private readonly handler: DeleteUserHandler,
    private readonly responder: CommandResponder,
  ) {}

  /** Admin Users page, delete: 200; 404 'User not found'; 409 on oneself. */
  @Delete(':id')
  @Roles('admin')
  @HttpCode(200)
  async delete(@CurrentUser() principal: Principal, @Param('id') id: string, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const { position } = await this.handler.execute(principal, id, commandMetadata(req));
    return this.responder.answer<MessageResponse>(res, USERS_READ_MODEL, position, { message: USER_ADMIN_MESSAGES.userDeleted });
  }
}
