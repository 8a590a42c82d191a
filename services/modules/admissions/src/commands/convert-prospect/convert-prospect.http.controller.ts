import { Body, Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, type CommandContext, DispatchingController, Roles, ZodValidationPipe, Answers, CommandAnswers, Refuses } from '@academy/backend';
import { ADMISSIONS_MESSAGES, type ConvertProspectPending, type ConvertProspectRequest, convertProspectRequestSchema, type ConvertProspectResponse, convertProspectPendingSchema, convertProspectResponseSchema } from '@academy/contracts';
import { CONVERSION_REACTOR, CONVERT_READ_MODELS } from './convert-prospect.read-models.js';
import { ConvertProspect } from './convert-prospect.command.js';

@Controller('admissions/prospects')
export class ConvertProspectController extends DispatchingController {
  /**
   * 201 { message: 'Student account created successfully! Credentials sent via email.', prospect, studentId };
   * 404; 409 converted/declined/taken email/stale; 202 { message: conversionPending, position, pending } when the worker has not
   * finished the account within the bound (the conversion still completes or is undone by itself).
   */
  @Post(':id/convert')
  @Roles('admin', 'student_admin')
  @HttpCode(201)
  @CommandAnswers(201, convertProspectResponseSchema)
  @Answers(202, convertProspectPendingSchema, { description: 'Stored; the student account (or a screen) is not ready yet: read again later.' })
  @Refuses(410)
  convert(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(convertProspectRequestSchema)) body: ConvertProspectRequest,
    @Caller() caller: CommandContext,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.dispatch.command(res, new ConvertProspect(caller, id, body), CONVERT_READ_MODELS, (result) => {
      if (result.outcome === 'converted') return { message: ADMISSIONS_MESSAGES.converted, prospect: result.prospect, studentId: result.studentId } satisfies ConvertProspectResponse;
      res.status(202);
      return { message: ADMISSIONS_MESSAGES.conversionPending, position: result.position, pending: [CONVERSION_REACTOR] } satisfies ConvertProspectPending;
    });
  }
}
