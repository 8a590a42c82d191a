import { Controller, Delete, HttpCode, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, CommandAnswers, type CommandContext, DispatchingController, Refuses, Roles } from '@academy/backend';
import { ATTENDANCE_MESSAGES, type NonTeachingDaysChangedResponse, nonTeachingDaysChangedResponseSchema } from '@academy/contracts';
import { ATTENDANCE_PROJECTION } from '../../projections/attendance/attendance.projection.js';
import { NonTeachingDaysOf } from '../../queries/non-teaching-days/non-teaching-days.query.js';
import { RemoveNonTeachingDay } from './remove-non-teaching-day.command.js';

@Controller('attendance/non-teaching-days')
export class RemoveNonTeachingDayController extends DispatchingController {
  /** 200 { message: 'Non-teaching day removed', days }: admin; 404 no such day. */
  @Delete(':date')
  @Roles('admin')
  @HttpCode(200)
  @CommandAnswers(200, nonTeachingDaysChangedResponseSchema)
  @Refuses(404)
  remove(@Param('date') date: string, @Caller() caller: CommandContext, @Res({ passthrough: true }) res: Response) {
    return this.dispatch.command(res, new RemoveNonTeachingDay(caller, date), [ATTENDANCE_PROJECTION], async (r): Promise<NonTeachingDaysChangedResponse> => ({
      message: ATTENDANCE_MESSAGES.holidayRemoved,
      days: await this.dispatch.query(new NonTeachingDaysOf({ year: Number(r.id) })),
    }));
  }
}
