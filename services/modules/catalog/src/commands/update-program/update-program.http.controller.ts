import { Body, Controller, HttpCode, Param, Put, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CommandResponder, commandMetadata, Roles, ZodValidationPipe } from '@academy/backend';
import { CATALOG_MESSAGES, programRequestSchema } from '@academy/contracts';
import { CATALOG_READ_MODEL } from '../../projections/catalog/catalog.reader.js';
import { UpdateProgramHandler } from './update-program.handler.js';

@ApiTags('catalog')
@Controller('programs')
export class UpdateProgramController {
  constructor(
    private readonly handler: UpdateProgramHandler,
    private readonly responder: CommandResponder,
  ) {}

  /** Admin Programs, edit: 200 { message, program }; 404 programNotFound. */
  @Put(':id')
  @Roles('admin')
  @HttpCode(200)
  async update(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(programRequestSchema)) body: ReturnType<typeof programRequestSchema.parse>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { program, position } = await this.handler.execute(id, body, commandMetadata(req));
    return this.responder.answer(res, CATALOG_READ_MODEL, position, { message: CATALOG_MESSAGES.programUpdated, program });
  }
}
