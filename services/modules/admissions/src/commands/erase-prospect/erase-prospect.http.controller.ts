import { Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, type CommandContext, DispatchingController, Roles, CommandAnswers } from '@academy/backend';
import { ADMISSIONS_MESSAGES, type EraseProspectResponse, eraseProspectResponseSchema } from '@academy/contracts';
import { ADMISSIONS_PROJECTION } from '../../projections/prospects/names.js';
import { EraseProspect } from './erase-prospect.command.js';

/** The bell must stop naming the applicant too: the answer waits for the notifications projection as well. */
const READ_MODELS = [ADMISSIONS_PROJECTION, 'notifications'];

@Controller('admissions/prospects')
export class EraseProspectController extends DispatchingController {
  /** 200 { message: 'Applicant erased' }; 404 unknown id; 409 already erased. No body. */
  @Post(':id/erase')
  @Roles('admin', 'student_admin')
  @HttpCode(200)
  @CommandAnswers(200, eraseProspectResponseSchema)
  erase(@Param('id') id: string, @Caller() caller: CommandContext, @Res({ passthrough: true }) res: Response) {
    return this.dispatch.command(res, new EraseProspect(caller, id), READ_MODELS, (): EraseProspectResponse => ({ message: ADMISSIONS_MESSAGES.erased }));
  }
}
