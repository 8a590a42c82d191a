import { Body, Controller, HttpCode, Param, Put, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CommandResponder, commandMetadata, Roles, ZodValidationPipe } from '@academy/backend';
import { CATALOG_MESSAGES, subjectRequestSchema } from '@academy/contracts';
import { CATALOG_READ_MODEL } from '../../projections/catalog/catalog.reader.js';
import { UpdateSubjectHandler } from './update-subject.handler.js';

@ApiTags('catalog')
@Controller('subjects')
export class UpdateSubjectController {
  constructor(
    private readonly handler: UpdateSubjectHandler,
    private readonly responder: CommandResponder,
  ) {}

  /** Admin Subjects, edit: 200 { message, subject }; 404 subjectNotFound; 400 fields. */
  @Put(':id')
  @Roles('admin')
  @HttpCode(200)
  async update(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(subjectRequestSchema)) body: ReturnType<typeof subjectRequestSchema.parse>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { subject, position } = await this.handler.execute(id, body, commandMetadata(req));
    return this.responder.answer(res, CATALOG_READ_MODEL, position, { message: CATALOG_MESSAGES.subjectUpdated, subject });
  }
}
