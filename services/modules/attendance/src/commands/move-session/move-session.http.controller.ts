import { Body, Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, CommandAnswers, type CommandContext, DispatchingController, principalOf, Refuses, RequestExample, Roles, ZodValidationPipe } from '@academy/backend';
import { ATTENDANCE_MESSAGES, type MoveSessionRequest, moveSessionRequestSchema, type ClassSessionResponse, classSessionResponseSchema } from '@academy/contracts';
import { ATTENDANCE_PROJECTION } from '../../projections/attendance/attendance.projection.js';
import { GetClassSession } from '../../queries/get-class-session/get-class-session.query.js';
import { MoveSession } from './move-session.command.js';

@Controller('attendance/sessions')
export class MoveSessionController extends DispatchingController {
  /** 200 { message: 'Session moved', session }: an admin or the subject's teacher; 404 unknown; 409 cancelled. */
  @Post(':sessionId/move')
  @Roles('teacher', 'admin')
  @HttpCode(200)
  @CommandAnswers(200, classSessionResponseSchema)
  @Refuses(404, 409)
  @RequestExample({ startsAt: '2027-02-04T16:00:00.000Z', reason: 'The lab is booked on Wednesday.' })
  move(
    @Param('sessionId') sessionId: string,
    @Body(new ZodValidationPipe(moveSessionRequestSchema)) body: MoveSessionRequest,
    @Caller() caller: CommandContext,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.dispatch.command(res, new MoveSession(caller, sessionId, body), [ATTENDANCE_PROJECTION], async (r): Promise<ClassSessionResponse> => ({
      message: ATTENDANCE_MESSAGES.sessionMoved,
      session: await this.dispatch.query(new GetClassSession(principalOf(caller), r.id)),
    }));
  }
}
