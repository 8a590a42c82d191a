import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CommandResponder, commandMetadata, Roles, ZodValidationPipe } from '@academy/backend';
import { CATALOG_MESSAGES, subjectRequestSchema } from '@academy/contracts';
import { CATALOG_READ_MODEL } from '../../projections/catalog/catalog.reader.js';
import { CreateSubjectHandler } from './create-subject.handler.js';

@ApiTags('catalog')
@Controller('subjects')
export class CreateSubjectController {
  constructor(
    private readonly handler: CreateSubjectHandler,
    private readonly responder: CommandResponder,
  ) {}

  /** Admin Subjects, add: 201 { message, subject }; 400 fields.programId 'Choose a program'. */
  @Post()
  @Roles('admin')
  @HttpCode(201)
  async create(@Body(new ZodValidationPipe(subjectRequestSchema)) body: ReturnType<typeof subjectRequestSchema.parse>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const { subject, position } = await this.handler.execute(body, commandMetadata(req));
    return this.responder.answer(res, CATALOG_READ_MODEL, position, { message: CATALOG_MESSAGES.subjectCreated, subject });
  }
}
