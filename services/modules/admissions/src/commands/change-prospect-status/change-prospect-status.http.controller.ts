import { Body, Controller, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, type CommandContext, Dispatch, Roles, ZodValidationPipe, CommandAnswers, Refuses } from '@academy/backend';
import { ADMISSIONS_MESSAGES, type ProspectResponse, type ProspectStatusChangeRequest, prospectStatusChangeRequestSchema, prospectResponseSchema } from '@academy/contracts';
import { ADMISSIONS_PROJECTION } from '../../projections/prospects/names.js';
import { ChangeProspectStatus, type ProspectStatusStep } from './change-prospect-status.command.js';

/**
 * The route of both staff steps (each controller is its own path and its own operation in /api/docs):
 * 200 { message, prospect }; 404; 409 when the status does not allow it or expectedVersion is stale.
 */
abstract class ProspectStatusController {
  protected abstract readonly step: ProspectStatusStep;
  protected abstract readonly message: string;

  // @Inject: an undecorated base class gets no emitted constructor types, and the controllers declare no constructor.
  constructor(@Inject(Dispatch) private readonly dispatch: Dispatch) {}

  @Post()
  @Roles('admin', 'student_admin')
  @HttpCode(200)
  @CommandAnswers(200, prospectResponseSchema)
  @Refuses(410)
  change(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(prospectStatusChangeRequestSchema)) body: ProspectStatusChangeRequest,
    @Caller() caller: CommandContext,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.dispatch.command(res, new ChangeProspectStatus(caller, id, body, this.step), [ADMISSIONS_PROJECTION], ({ prospect }): ProspectResponse => ({ message: this.message, prospect }));
  }
}

/** 200 { message: 'Applicant marked as contacted', prospect }. */
@Controller('admissions/prospects/:id/contacted')
export class MarkProspectContactedController extends ProspectStatusController {
  protected readonly step = 'MarkContacted';
  protected readonly message = ADMISSIONS_MESSAGES.markedContacted;
}

/** 200 { message: 'Application declined', prospect }. */
@Controller('admissions/prospects/:id/decline')
export class DeclineProspectController extends ProspectStatusController {
  protected readonly step = 'Decline';
  protected readonly message = ADMISSIONS_MESSAGES.declined;
}
