import { Controller, Delete, HttpCode, Param, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Caller, type CommandContext, Dispatch, Roles, CommandAnswers } from '@academy/backend';
import { CATALOG_MESSAGES, messageResponseSchema } from '@academy/contracts';
import { CATALOG_PROJECTION } from '../../projections/catalog/names.js';
import { DeleteProgram } from './delete-program.command.js';

@ApiTags('catalog')
@Controller('programs')
export class DeleteProgramController {
  constructor(private readonly dispatch: Dispatch) {}

  /** Admin Programs, delete: 200 { message }; 404 programNotFound; 409 programInUse. */
  @Delete(':id')
  @Roles('admin')
  @HttpCode(200)
  @CommandAnswers(200, messageResponseSchema)
  delete(@Param('id') id: string, @Caller() caller: CommandContext, @Res({ passthrough: true }) res: Response) {
    return this.dispatch.command(res, new DeleteProgram(caller, id), [CATALOG_PROJECTION], () => ({ message: CATALOG_MESSAGES.programDeleted }));
  }
}
