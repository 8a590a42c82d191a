import { Body, Controller, HttpCode, Param, Patch, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, type CommandContext, DispatchingController, Roles, ZodValidationPipe, CommandAnswers, Refuses } from '@academy/backend';
import { type StudentResponse, USER_ADMIN_MESSAGES, updateStudentRequestSchema, studentResponseSchema } from '@academy/contracts';
import { USERS_PROJECTION } from '../../projections/users/users.projection.js';
import { UpdateStudent } from './update-student.command.js';

@Controller('students')
export class UpdateStudentController extends DispatchingController {
  /** 200; 404 'Student not found' for any id that is not a live student (teachers and admins included). */
  @Patch(':id')
  @Roles('student_admin', 'admin')
  @HttpCode(200)
  @CommandAnswers(200, studentResponseSchema)
  @Refuses(410)
  update(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(updateStudentRequestSchema)) body: ReturnType<typeof updateStudentRequestSchema.parse>,
    @Caller() caller: CommandContext,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.dispatch.command(res, new UpdateStudent(caller, id, body), [USERS_PROJECTION], ({ student }): StudentResponse => ({ message: USER_ADMIN_MESSAGES.studentUpdated, student }));
  }
}
