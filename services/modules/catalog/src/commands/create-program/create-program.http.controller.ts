import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CommandResponder, commandMetadata, Roles, ZodValidationPipe } from '@academy/backend';
import { CATALOG_MESSAGES, programRequestSchema } from '@academy/contracts';
import { CATALOG_READ_MODEL } from '../../projections/catalog/catalog.reader.js';
import { CreateProgramHandler } from './create-program.handler.js';

@ApiTags('catalog')
@Controller('programs')
export class CreateProgramController {
  constructor(
    private readonly handler: CreateProgramHandler,
    private readonly responder: CommandResponder,
  ) {}

  /** Admin Programs, add: 201 { message, program }. */
  @Post()
  @Roles('admin')
  @HttpCode(201)
  async create(@Body(new ZodValidationPipe(programRequestSchema)) body: ReturnType<typeof programRequestSchema.parse>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const { program, position } = await this.handler.execute(body, commandMetadata(req));
    return this.responder.answer(res, CATALOG_READ_MODEL, position, { message: CATALOG_MESSAGES.programCreated, program });
  }
}
