import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, type CommandContext, DispatchingController, Roles, ZodValidationPipe, CommandAnswers } from '@academy/backend';
import { CATALOG_MESSAGES, subjectRequestSchema, subjectResponseSchema } from '@academy/contracts';
import { CATALOG_PROJECTION } from '../../projections/catalog/names.js';
import { CreateSubject } from './create-subject.command.js';

@Controller('subjects')
export class CreateSubjectController extends DispatchingController {
  /** Admin Subjects, add: 201 { message, subject }; 400 fields.programId 'Choose a program'. */
  @Post()
  @Roles('admin')
  @HttpCode(201)
  @CommandAnswers(201, subjectResponseSchema)
  create(@Body(new ZodValidationPipe(subjectRequestSchema)) body: ReturnType<typeof subjectRequestSchema.parse>, @Caller() caller: CommandContext, @Res({ passthrough: true }) res: Response) {
    return this.dispatch.command(res, new CreateSubject(caller, body), [CATALOG_PROJECTION], ({ subject }) => ({ message: CATALOG_MESSAGES.subjectCreated, subject }));
  }
}
