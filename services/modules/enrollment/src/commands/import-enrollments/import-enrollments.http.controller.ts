import { Body, Controller, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, type CommandContext, DispatchingController, Roles, ZodValidationPipe, Answers, CommandAnswers } from '@academy/backend';
import { type ImportEnrollmentsRequest, importEnrollmentsRequestSchema, importEnrollmentsResponseSchema } from '@academy/contracts';
import { ENROLLMENT_PROJECTION } from '../../projections/enrollments/enrollments.projection.js';
import { ImportEnrollments } from './import-enrollments.command.js';

@Controller('enrollments/import')
export class ImportEnrollmentsController extends DispatchingController {
  /**
   * 200 with the report for a dry run; 201 with the report once every row is enrolled; 400 with the
   * report (plus statusCode/error) when any row has a problem (nothing written); 400 fields.csv when
   * the file itself is unreadable (header, size, quotes).
   */
  @Post()
  @Roles('admin')
  @CommandAnswers(201, importEnrollmentsResponseSchema, { description: 'Every row enrolled: the report.' })
  @Answers(200, importEnrollmentsResponseSchema, { description: 'A dry run: the report, nothing written.' })
  import(@Body(new ZodValidationPipe(importEnrollmentsRequestSchema)) body: ImportEnrollmentsRequest, @Caller() caller: CommandContext, @Res({ passthrough: true }) res: Response) {
    // Nothing written (a dry run, a refused file): position 0, answered at once.
    return this.dispatch.command(res, new ImportEnrollments(caller, body), [ENROLLMENT_PROJECTION], ({ report }) => {
      if (report.problemCount > 0 && !body.dryRun) {
        res.status(400);
        return { statusCode: 400, error: 'Bad Request', ...report };
      }
      res.status(body.dryRun ? 200 : 201);
      return report;
    });
  }
}
