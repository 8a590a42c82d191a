import { Controller, Delete, HttpCode, Param, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CommandResponder, commandMetadata, Roles } from '@academy/backend';
import { CATALOG_MESSAGES } from '@academy/contracts';
import { CATALOG_READ_MODEL } from '../../projections/catalog/catalog.reader.js';
import { DeleteProgramHandler } from './delete-program.handler.js';

@ApiTags('catalog')
@Controller('programs')
export class DeleteProgramController {
  constructor(
    private readonly handler: DeleteProgramHandler,
    private readonly responder: CommandResponder,
  ) {}

  /** Admin Programs, delete: 200 { message }; 404 programNotFound; 409 programInUse. */
  @Delete(':id')
  @Roles('admin')
  @HttpCode(200)
  async delete(@Param('id') id: string, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const { position } = await this.handler.execute(id, commandMetadata(req));
    return this.responder.answer(res, CATALOG_READ_MODEL, position, { message: CATALOG_MESSAGES.programDeleted });
  }
}
