import { Body, Controller, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CommandResponder, commandMetadata, CurrentUser, type Principal, Roles, ZodValidationPipe } from '@academy/backend';
import { ADMISSIONS_MESSAGES, type ConvertProspectRequest, convertProspectRequestSchema, type ConvertProspectResponse } from '@academy/contracts';
import { ADMISSIONS_READ_MODEL } from '../../projections/prospects/prospects.reader.js';
import { ConvertProspectHandler } from './convert-prospect.handler.js';

/** The student list of identity shows the new account too: the answer waits for both read models. */
const READ_MODELS = [...ADMISSIONS_READ_MODEL, 'identity_users'];

@ApiTags('admissions')
@Controller('admissions/prospects')
export class ConvertProspectController {
  constructor(
    private readonly handler: ConvertProspectHandler,
    private readonly responder: CommandResponder,
  ) {}

  /** 201 { message: 'Student account created successfully! Credentials sent via email.', prospect, studentId }; 404; 409 converted/declined/taken email. */
  @Post(':id/convert')
  @Roles('admin', 'student_admin')
  @HttpCode(201)
  async convert(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(convertProspectRequestSchema)) body: ConvertProspectRequest,
    @CurrentUser() user: Principal,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { prospect, studentId, position } = await this.handler.execute(id, body, user, commandMetadata(req));
    return this.responder.answer<ConvertProspectResponse>(res, READ_MODELS, position, { message: ADMISSIONS_MESSAGES.converted, prospect, studentId });
  }
}
