import { Controller, Delete, HttpCode, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, type CommandContext, DispatchingController, Roles, CommandAnswers } from '@academy/backend';
import { CATALOG_MESSAGES, messageResponseSchema } from '@academy/contracts';
import { CATALOG_PROJECTION } from '../../projections/catalog/names.js';
import { UnassignTeacher } from './unassign-teacher.command.js';

@Controller('teacher-assignments')
export class UnassignTeacherController extends DispatchingController {
  /** Admin Teacher Assignments, remove: 200 { message: 'Assignment removed' }; 404 assignmentNotFound. */
  @Delete(':id')
  @Roles('admin')
  @HttpCode(200)
  @CommandAnswers(200, messageResponseSchema)
  remove(@Param('id') id: string, @Caller() caller: CommandContext, @Res({ passthrough: true }) res: Response) {
    return this.dispatch.command(res, new UnassignTeacher(caller, id), [CATALOG_PROJECTION], () => ({ message: CATALOG_MESSAGES.assignmentRemoved }));
  }
}
