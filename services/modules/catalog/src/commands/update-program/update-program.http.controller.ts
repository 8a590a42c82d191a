import { Body, Controller, HttpCode, Param, Put, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Caller, type CommandContext, Dispatch, Roles, ZodValidationPipe, CommandAnswers } from '@academy/backend';
import { CATALOG_MESSAGES, programRequestSchema, programResponseSchema } from '@academy/contracts';
import { CATALOG_PROJECTION } from '../../projections/catalog/names.js';
import { UpdateProgram } from './update-program.command.js';

@ApiTags('catalog')
@Controller('programs')
export class UpdateProgramController {
  constructor(private readonly dispatch: Dispatch) {}

  /** Admin Programs, edit: 200 { message, program }; 404 programNotFound. */
  @Put(':id')
  @Roles('admin')
  @HttpCode(200)
  @CommandAnswers(200, programResponseSchema)
  update(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(programRequestSchema)) body: ReturnType<typeof programRequestSchema.parse>,
    @Caller() caller: CommandContext,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.dispatch.command(res, new UpdateProgram(caller, id, body), [CATALOG_PROJECTION], ({ program }) => ({ message: CATALOG_MESSAGES.programUpdated, program }));
  }
}
