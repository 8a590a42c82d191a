import { Body, Controller, HttpCode, Param, Put, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CommandResponder, commandMetadata, CurrentUser, type Principal, Roles, ZodValidationPipe } from '@academy/backend';
import { type AssignRoleRequest, assignRoleRequestSchema, USER_ADMIN_MESSAGES, type UserResponse } from '@academy/contracts';
import { USERS_READ_MODEL } from '../../identity.limits.js';
import { AssignRoleHandler } from './assign-role.handler.js';

@ApiTags('identity')
@Controller('users')
export class AssignRoleController {
  constructor(
    private readonly handler: AssignRoleHandler,
    private readonly responder: CommandResponder,
  ) {}

  /** Admin Users page, role selector: 200; 404 'User not found'; 409 on oneself. */
  @Put(':id/role')
  @Roles('admin')
  @HttpCode(200)
  async assign(
    @CurrentUser() principal: Principal,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(assignRoleRequestSchema)) body: AssignRoleRequest,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { user, position } = await this.handler.execute(principal, id, body, commandMetadata(req));
    return this.responder.answer<UserResponse>(res, USERS_READ_MODEL, position, { message: USER_ADMIN_MESSAGES.roleAssigned, user });
  }
}
