import { Body, Controller, HttpCode, Param, Patch, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CommandResponder, commandMetadata, Roles, ZodValidationPipe } from '@academy/backend';
import { type StudentResponse, USER_ADMIN_MESSAGES, updateStudentRequestSchema } from '@academy/contracts';
import { USERS_READ_MODEL } from '../../identity.limits.js';
import { UpdateStudentHandler } from './update-student.handler.js';

@ApiTags('identity')
@Controller('students')
export class UpdateStudentController {
  constructor(
    private readonly handler: UpdateStudentHandler,
    private readonly responder: CommandResponder,
  ) {}

  /** 200; 404 'Student not found' for any id that is not a live student (teachers and admins included). */
  @Patch(':id')
  @Roles('student_admin', 'admin')
  @HttpCode(200)
  async update(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(updateStudentRequestSchema)) body: ReturnType<typeof updateStudentRequestSchema.parse>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { student, position } = await this.handler.execute(id, body, commandMetadata(req));
    return this.responder.answer<StudentResponse>(res, USERS_READ_MODEL, position, { message: USER_ADMIN_MESSAGES.studentUpdated, student });
  }
}
