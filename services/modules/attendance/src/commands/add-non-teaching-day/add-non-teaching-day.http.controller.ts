import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, CommandAnswers, type CommandContext, DispatchingController, Refuses, RequestExample, Roles, ZodValidationPipe } from '@academy/backend';
import { type AddNonTeachingDayRequest, addNonTeachingDayRequestSchema, ATTENDANCE_MESSAGES, type NonTeachingDaysChangedResponse, nonTeachingDaysChangedResponseSchema } from '@academy/contracts';
import { ATTENDANCE_PROJECTION } from '../../projections/attendance/attendance.projection.js';
import { NonTeachingDaysOf } from '../../queries/non-teaching-days/non-teaching-days.query.js';
import { AddNonTeachingDay } from './add-non-teaching-day.command.js';

@Controller('attendance/non-teaching-days')
export class AddNonTeachingDayController extends DispatchingController {
  /** 201 { message: 'Non-teaching day added', days }: admin; 409 already one. */
  @Post()
  @Roles('admin')
  @HttpCode(201)
  @CommandAnswers(201, nonTeachingDaysChangedResponseSchema)
  @Refuses(409)
  @RequestExample({ date: '2027-07-02', name: 'Staff training day' })
  add(@Body(new ZodValidationPipe(addNonTeachingDayRequestSchema)) body: AddNonTeachingDayRequest, @Caller() caller: CommandContext, @Res({ passthrough: true }) res: Response) {
    return this.dispatch.command(res, new AddNonTeachingDay(caller, body), [ATTENDANCE_PROJECTION], async (r): Promise<NonTeachingDaysChangedResponse> => ({
      message: ATTENDANCE_MESSAGES.holidayAdded,
      days: await this.dispatch.query(new NonTeachingDaysOf({ year: Number(r.id) })),
    }));
  }
}
