import { Body, Controller, HttpCode, Param, Put, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, type CommandContext, DispatchingController, Roles, ZodValidationPipe, CommandAnswers, Refuses } from '@academy/backend';
import { type AssignRoleRequest, assignRoleRequestSchema, USER_ADMIN_MESSAGES, type UserResponse, userResponseSchema } from '@academy/contracts';
import { USERS_PROJECTION } from '../../projections/users/users.projection.js';
import { AssignRole } from './assign-role.command.js';

@Controller('users')
export class AssignRoleController extends DispatchingController {
  /** Admin Users page, role selector: 200; 404 'User not found'; 409 on oneself. */
  @Put(':id/role')
  @Roles('admin')
  @HttpCode(200)
  @CommandAnswers(200, userResponseSchema)
  @Refuses(410)
  assign(@Param('id') id: string, @Body(new ZodValidationPipe(assignRoleRequestSchema)) body: AssignRoleRequest, @Caller() caller: CommandContext, @Res({ passthrough: true }) res: Response) {
    return this.dispatch.command(res, new AssignRole(caller, id, body), [USERS_PROJECTION], ({ user }): UserResponse => ({ message: USER_ADMIN_MESSAGES.roleAssigned, user }));
  }
}
