import { Controller, Delete, HttpCode, Param, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CommandResponder, commandMetadata, Roles } from '@academy/backend';
import { CATALOG_MESSAGES } from '@academy/contracts';
import { CATALOG_READ_MODEL } from '../../projections/catalog/catalog.reader.js';
import { UnassignTeacherHandler } from './unassign-teacher.handler.js';

@ApiTags('catalog')
@Controller('teacher-assignments')
export class UnassignTeacherController {
  constructor(
    private readonly handler: UnassignTeacherHandler,
    private readonly responder: CommandResponder,
  ) {}

  /** Admin Teacher Assignments, remove: 200 { message: 'Assignment removed' }; 404 assignmentNotFound. */
  @Delete(':id')
  @Roles('admin')
  @HttpCode(200)
  async remove(@Param('id') id: string, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const { position } = await this.handler.execute(id, commandMetadata(req));
    return this.responder.answer(res, CATALOG_READ_MODEL, position, { message: CATALOG_MESSAGES.assignmentRemoved });
  }
}
