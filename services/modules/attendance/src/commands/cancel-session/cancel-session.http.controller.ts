import { Body, Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, CommandAnswers, type CommandContext, DispatchingController, principalOf, Refuses, RequestExample, Roles, ZodValidationPipe } from '@academy/backend';
import { ATTENDANCE_MESSAGES, type CancelSessionRequest, cancelSessionRequestSchema, type ClassSessionResponse, classSessionResponseSchema } from '@academy/contracts';
import { ATTENDANCE_PROJECTION } from '../../projections/attendance/attendance.projection.js';
import { GetClassSession } from '../../queries/get-class-session/get-class-session.query.js';
import { CancelSession } from './cancel-session.command.js';

@Controller('attendance/sessions')
export class CancelSessionController extends DispatchingController {
  /** 200 { message: 'Session cancelled', session }: an admin or the subject's teacher; 404 unknown; 409 already cancelled. */
  @Post(':sessionId/cancel')
  @Roles('teacher', 'admin')
  @HttpCode(200)
  @CommandAnswers(200, classSessionResponseSchema)
  @Refuses(404, 409)
  @RequestExample({ reason: 'Public transport strike: we meet again on Thursday.' })
  cancel(
    @Param('sessionId') sessionId: string,
    @Body(new ZodValidationPipe(cancelSessionRequestSchema)) body: CancelSessionRequest,
    @Caller() caller: CommandContext,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.dispatch.command(res, new CancelSession(caller, sessionId, body), [ATTENDANCE_PROJECTION], async (r): Promise<ClassSessionResponse> => ({
      message: ATTENDANCE_MESSAGES.sessionCancelled,
      session: await this.dispatch.query(new GetClassSession(principalOf(caller), r.id)),
    }));
  }
}
