import { Body, Controller, HttpCode, Param, Put, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Caller, type CommandContext, Dispatch, Roles, ZodValidationPipe, CommandAnswers } from '@academy/backend';
import { CATALOG_MESSAGES, subjectRequestSchema, subjectResponseSchema } from '@academy/contracts';
import { CATALOG_PROJECTION } from '../../projections/catalog/names.js';
import { UpdateSubject } from './update-subject.command.js';

@ApiTags('catalog')
@Controller('subjects')
export class UpdateSubjectController {
  constructor(private readonly dispatch: Dispatch) {}

  /** Admin Subjects, edit: 200 { message, subject }; 404 subjectNotFound; 400 fields. */
  @Put(':id')
  @Roles('admin')
  @HttpCode(200)
  @CommandAnswers(200, subjectResponseSchema)
  update(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(subjectRequestSchema)) body: ReturnType<typeof subjectRequestSchema.parse>,
    @Caller() caller: CommandContext,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.dispatch.command(res, new UpdateSubject(caller, id, body), [CATALOG_PROJECTION], ({ subject }) => ({ message: CATALOG_MESSAGES.subjectUpdated, subject }));
  }
}
