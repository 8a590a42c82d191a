import { Controller, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CommandResponder, commandMetadata, CurrentUser, type Principal, Roles } from '@academy/backend';
import { ADMISSIONS_MESSAGES, type EraseProspectResponse } from '@academy/contracts';
import { ADMISSIONS_READ_MODEL } from '../../projections/prospects/prospects.reader.js';
import { EraseProspectHandler } from './erase-prospect.handler.js';

/** The bell must stop naming the applicant too: the answer waits for the notifications projection as well. */
const READ_MODELS = [...ADMISSIONS_READ_MODEL, 'notifications'];

@ApiTags('admissions')
@Controller('admissions/prospects')
export class EraseProspectController {
  constructor(
    private readonly handler: EraseProspectHandler,
    private readonly responder: CommandResponder,
  ) {}

  /** 200 { message: 'Applicant erased' }; 404 unknown id; 409 already erased. No body. */
  @Post(':id/erase')
  @Roles('admin', 'student_admin')
  @HttpCode(200)
  async erase(@Param('id') id: string, @CurrentUser() user: Principal, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const { position } = await this.handler.execute(id, user, commandMetadata(req));
    return this.responder.answer<EraseProspectResponse>(res, READ_MODELS, position, { message: ADMISSIONS_MESSAGES.erased });
  }
}
