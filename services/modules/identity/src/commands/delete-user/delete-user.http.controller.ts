import { Controller, Delete, HttpCode, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, type CommandContext, DispatchingController, Roles, CommandAnswers, Refuses } from '@academy/backend';
import { type MessageResponse, USER_ADMIN_MESSAGES, messageResponseSchema } from '@academy/contracts';
import { USERS_PROJECTION } from '../../projections/users/users.projection.js';
import { DeleteUser } from './delete-user.command.js';

@Controller('users')
export class DeleteUserController extends DispatchingController {
  /** Admin Users page, delete: 200; 404 'User not found'; 409 on oneself. */
  @Delete(':id')
  @Roles('admin')
  @HttpCode(200)
  @CommandAnswers(200, messageResponseSchema)
  @Refuses(410)
  delete(@Param('id') id: string, @Caller() caller: CommandContext, @Res({ passthrough: true }) res: Response) {
    return this.dispatch.command(res, new DeleteUser(caller, id), [USERS_PROJECTION], (): MessageResponse => ({ message: USER_ADMIN_MESSAGES.userDeleted }));
  }
}
