import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, CommandAnswers, type CommandContext, DispatchingController, RequestExample, Roles, ZodValidationPipe } from '@academy/backend';
import { ATTENDANCE_MESSAGES, type FillNonTeachingDaysRequest, fillNonTeachingDaysRequestSchema, type NonTeachingDaysChangedResponse, nonTeachingDaysChangedResponseSchema } from '@academy/contracts';
import { ATTENDANCE_PROJECTION } from '../../projections/attendance/attendance.projection.js';
import { NonTeachingDaysOf } from '../../queries/non-teaching-days/non-teaching-days.query.js';
import { FillNonTeachingDays } from './fill-non-teaching-days.command.js';

@Controller('attendance/non-teaching-days')
export class FillNonTeachingDaysController extends DispatchingController {
  /** 200 { message: 'Public holidays added', days }: admin; a year already filled changes nothing. */
  @Post('fill')
  @Roles('admin')
  @HttpCode(200)
  @CommandAnswers(200, nonTeachingDaysChangedResponseSchema)
  @RequestExample({ year: 2027 })
  fill(@Body(new ZodValidationPipe(fillNonTeachingDaysRequestSchema)) body: FillNonTeachingDaysRequest, @Caller() caller: CommandContext, @Res({ passthrough: true }) res: Response) {
    return this.dispatch.command(res, new FillNonTeachingDays(caller, body), [ATTENDANCE_PROJECTION], async (r): Promise<NonTeachingDaysChangedResponse> => ({
      message: ATTENDANCE_MESSAGES.holidaysFilled,
      days: await this.dispatch.query(new NonTeachingDaysOf({ year: Number(r.id) })),
    }));
  }
}
