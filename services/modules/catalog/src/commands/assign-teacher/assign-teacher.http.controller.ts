import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CommandResponder, commandMetadata, Roles, ZodValidationPipe } from '@academy/backend';
import { type AssignTeacherRequest, assignTeacherRequestSchema, CATALOG_MESSAGES } from '@academy/contracts';
import { CATALOG_READ_MODEL } from '../../projections/catalog/catalog.reader.js';
import { AssignTeacherHandler } from './assign-teacher.handler.js';

@ApiTags('catalog')
@Controller('teacher-assignments')
export class AssignTeacherController {
  constructor(
    private readonly handler: AssignTeacherHandler,
    private readonly responder: CommandResponder,
  ) {}

  /** Admin Teacher Assignments, assign: 201 { message, assignment }; 400 fields.teacherId / subjectId; 409 alreadyAssigned. */
  @Post()
  @Roles('admin')
  @HttpCode(201)
  async assign(@Body(new ZodValidationPipe(assignTeacherRequestSchema)) body: AssignTeacherRequest, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const { assignment, position } = await this.handler.execute(body, commandMetadata(req));
    return this.responder.answer(res, CATALOG_READ_MODEL, position, { message: CATALOG_MESSAGES.teacherAssigned, assignment });
  }
}
