import { Body, Controller, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CommandResponder, commandMetadata, Roles, ZodValidationPipe } from '@academy/backend';
import { type ImportEnrollmentsRequest, importEnrollmentsRequestSchema } from '@academy/contracts';
import { ENROLLMENT_READ_MODEL } from '../../projections/enrollments/enrollments.reader.js';
import { ImportEnrollmentsHandler } from './import-enrollments.handler.js';

@ApiTags('enrollment')
@Controller('enrollments/import')
export class ImportEnrollmentsController {
  constructor(
    private readonly handler: ImportEnrollmentsHandler,
    private readonly responder: CommandResponder,
  ) {}

  /**
   * 200 with the report for a dry run; 201 with the report once every row is enrolled; 400 with the
   * report (plus statusCode/error) when any row has a problem (nothing written); 400 fields.csv when
   * the file itself is unreadable (header, size, quotes).
   */
  @Post()
  @Roles('admin')
  async import(@Body(new ZodValidationPipe(importEnrollmentsRequestSchema)) body: ImportEnrollmentsRequest, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const { report, position } = await this.handler.execute(body, commandMetadata(req));
    if (report.problemCount > 0 && !body.dryRun) {
      res.status(400);
      return { statusCode: 400, error: 'Bad Request', ...report };
    }
    if (body.dryRun) {
      res.status(200);
      return report;
    }
    res.status(201);
    return this.responder.answer(res, ENROLLMENT_READ_MODEL, position, report);
  }
}
