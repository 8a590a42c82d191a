import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CommandResponder, commandMetadata, Roles, ZodValidationPipe } from '@academy/backend';
import { createUserRequestSchema, USER_ADMIN_MESSAGES, type UserResponse } from '@academy/contracts';
import { USERS_READ_MODEL } from '../../identity.limits.js';
import { CreateUserHandler } from './create-user.handler.js';

@ApiTags('identity')
@Controller('users')
export class CreateUserController {
  constructor(
    private readonly handler: CreateUserHandler,
    private readonly responder: CommandResponder,
  ) {}

  /** Admin Create User and student-admin Create (the same form): 201; 409 fields.email when the address has an account. */
  @Post()
  @Roles('admin', 'student_admin')
  @HttpCode(201)
  async create(@Body(new ZodValidationPipe(createUserRequestSchema)) body: ReturnType<typeof createUserRequestSchema.parse>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const { user, position } = await this.handler.execute(body, commandMetadata(req));
    return this.responder.answer<UserResponse>(res, USERS_READ_MODEL, position, { message: USER_ADMIN_MESSAGES.accountCreated(user.role), user });
  }
}
