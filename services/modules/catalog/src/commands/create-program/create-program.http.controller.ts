import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, type CommandContext, DispatchingController, Roles, ZodValidationPipe, CommandAnswers, RequestExample } from '@academy/backend';
import { CATALOG_MESSAGES, programRequestSchema, programResponseSchema } from '@academy/contracts';
import { CATALOG_PROJECTION } from '../../projections/catalog/names.js';
import { CreateProgram } from './create-program.command.js';

@Controller('programs')
export class CreateProgramController extends DispatchingController {
  /** Admin Programs, add: 201 { message, program }. */
  @Post()
  @Roles('admin')
  @HttpCode(201)
  @CommandAnswers(201, programResponseSchema)
  @RequestExample({ name: 'Web Development', type: 'evening', description: 'Twelve weeks of HTML, CSS, JavaScript and React.' })
  create(@Body(new ZodValidationPipe(programRequestSchema)) body: ReturnType<typeof programRequestSchema.parse>, @Caller() caller: CommandContext, @Res({ passthrough: true }) res: Response) {
    return this.dispatch.command(res, new CreateProgram(caller, body), [CATALOG_PROJECTION], ({ program }) => ({ message: CATALOG_MESSAGES.programCreated, program }));
  }
}
