import { Body, Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Caller, type CommandContext, Dispatch, Roles, ZodValidationPipe, CommandAnswers, Refuses } from '@academy/backend';
import { ADMISSIONS_MESSAGES, type ProspectResponse, type ProspectStatusChangeRequest, prospectStatusChangeRequestSchema, prospectResponseSchema } from '@academy/contracts';
import { ADMISSIONS_PROJECTION } from '../../projections/prospects/names.js';
import { DeclineProspect } from './decline-prospect.command.js';

@ApiTags('admissions')
@Controller('admissions/prospects')
export class DeclineProspectController {
  constructor(private readonly dispatch: Dispatch) {}

  /** 200 { message: 'Application declined', prospect }; 404; 409 when the status does not allow it or expectedVersion is stale. */
  @Post(':id/decline')
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
    return this.dispatch.command(res, new DeclineProspect(caller, id, body), [ADMISSIONS_PROJECTION], ({ prospect }): ProspectResponse => ({ message: ADMISSIONS_MESSAGES.declined, prospect }));
  }
}
