import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, type CommandContext, DispatchingController, Roles, ZodValidationPipe, CommandAnswers, RequestExample } from '@academy/backend';
import { createUserRequestSchema, USER_ADMIN_MESSAGES, type UserResponse, userResponseSchema } from '@academy/contracts';
import { USERS_PROJECTION } from '../../projections/users/users.projection.js';
import { CreateUser } from './create-user.command.js';

@Controller('users')
export class CreateUserController extends DispatchingController {
  /** Admin Create User and student-admin Create (the same form): 201; 409 fields.email when the address has an account. */
  @Post()
  @Roles('admin', 'student_admin')
  @HttpCode(201)
  @CommandAnswers(201, userResponseSchema)
  @RequestExample({ fullName: 'Grace Hopper', email: 'grace@example.com', phone: '+27 82 555 0100', role: 'teacher' })
  create(@Body(new ZodValidationPipe(createUserRequestSchema)) body: ReturnType<typeof createUserRequestSchema.parse>, @Caller() caller: CommandContext, @Res({ passthrough: true }) res: Response) {
    return this.dispatch.command(res, new CreateUser(caller, body), [USERS_PROJECTION], ({ user }): UserResponse => ({ message: USER_ADMIN_MESSAGES.accountCreated(user.role), user }));
  }
}
