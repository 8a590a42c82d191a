import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, type CommandContext, DispatchingController, Roles, ZodValidationPipe, CommandAnswers } from '@academy/backend';
import { type AssignTeacherRequest, assignTeacherRequestSchema, CATALOG_MESSAGES, teacherAssignmentResponseSchema } from '@academy/contracts';
import { CATALOG_PROJECTION } from '../../projections/catalog/names.js';
import { AssignTeacher } from './assign-teacher.command.js';

@Controller('teacher-assignments')
export class AssignTeacherController extends DispatchingController {
  /** Admin Teacher Assignments, assign: 201 { message, assignment }; 400 fields.teacherId / subjectId; 409 alreadyAssigned. */
  @Post()
  @Roles('admin')
  @HttpCode(201)
  @CommandAnswers(201, teacherAssignmentResponseSchema)
  assign(@Body(new ZodValidationPipe(assignTeacherRequestSchema)) body: AssignTeacherRequest, @Caller() caller: CommandContext, @Res({ passthrough: true }) res: Response) {
    return this.dispatch.command(res, new AssignTeacher(caller, body), [CATALOG_PROJECTION], ({ assignment }) => ({ message: CATALOG_MESSAGES.teacherAssigned, assignment }));
  }
}
