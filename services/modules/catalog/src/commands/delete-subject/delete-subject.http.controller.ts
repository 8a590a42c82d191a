import { Controller, Delete, HttpCode, Param, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Caller, type CommandContext, Dispatch, Roles, CommandAnswers } from '@academy/backend';
import { CATALOG_MESSAGES, messageResponseSchema } from '@academy/contracts';
import { CATALOG_PROJECTION } from '../../projections/catalog/names.js';
import { DeleteSubject } from './delete-subject.command.js';

@ApiTags('catalog')
@Controller('subjects')
export class DeleteSubjectController {
  constructor(private readonly dispatch: Dispatch) {}

  /** Admin Subjects, delete: 200 { message }; 404 subjectNotFound; 409 subjectInUse. */
  @Delete(':id')
  @Roles('admin')
  @HttpCode(200)
  @CommandAnswers(200, messageResponseSchema)
  delete(@Param('id') id: string, @Caller() caller: CommandContext, @Res({ passthrough: true }) res: Response) {
    return this.dispatch.command(res, new DeleteSubject(caller, id), [CATALOG_PROJECTION], () => ({ message: CATALOG_MESSAGES.subjectDeleted }));
  }
}
