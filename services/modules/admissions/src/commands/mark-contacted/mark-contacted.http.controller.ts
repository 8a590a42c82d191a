import { Body, Controller, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CommandResponder, commandMetadata, CurrentUser, type Principal, Roles, ZodValidationPipe } from '@academy/backend';
import { ADMISSIONS_MESSAGES, type ProspectResponse, type ProspectStatusChangeRequest, prospectStatusChangeRequestSchema } from '@academy/contracts';
import { ADMISSIONS_READ_MODEL } from '../../projections/prospects/prospects.reader.js';
import { MarkProspectContactedHandler } from './mark-contacted.handler.js';

@ApiTags('admissions')
@Controller('admissions/prospects')
export class MarkProspectContactedController {
  constructor(
    private readonly handler: MarkProspectContactedHandler,
    private readonly responder: CommandResponder,
  ) {}

  /** 200 { message: 'Applicant marked as contacted', prospect }; 404; 409 when the status does not allow it or expectedVersion is stale. */
  @Post(':id/contacted')
  @Roles('admin', 'student_admin')
  @HttpCode(200)
  async change(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(prospectStatusChangeRequestSchema)) body: ProspectStatusChangeRequest,
    @CurrentUser() user: Principal,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { prospect, position } = await this.handler.execute(id, body, user, commandMetadata(req));
    return this.responder.answer<ProspectResponse>(res, ADMISSIONS_READ_MODEL, position, { message: ADMISSIONS_MESSAGES.markedContacted, prospect });
  }
}
