import { Controller, Delete, HttpCode, Param, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CommandResponder, commandMetadata, Roles } from '@academy/backend';
import { CATALOG_MESSAGES } from '@academy/contracts';
import { CATALOG_READ_MODEL } from '../../projections/catalog/catalog.reader.js';
import { DeleteSubjectHandler } from './delete-subject.handler.js';

@ApiTags('catalog')
@Controller('subjects')
export class DeleteSubjectController {
  constructor(
    private readonly handler: DeleteSubjectHandler,
    private readonly responder: CommandResponder,
  ) {}

  /** Admin Subjects, delete: 200 { message }; 404 subjectNotFound; 409 subjectInUse. */
  @Delete(':id')
  @Roles('admin')
  @HttpCode(200)
  async delete(@Param('id') id: string, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const { position } = await this.handler.execute(id, commandMetadata(req));
    return this.responder.answer(res, CATALOG_READ_MODEL, position, { message: CATALOG_MESSAGES.subjectDeleted });
  }
}
