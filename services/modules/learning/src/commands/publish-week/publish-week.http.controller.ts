import { Body, Controller, HttpCode, Param, Put, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, type CommandContext, DispatchingController, principalOf, Roles, ZodValidationPipe, CommandAnswers } from '@academy/backend';
import { LEARNING_MESSAGES, type SetWeekPublishedRequest, setWeekPublishedRequestSchema, type WeekResponse, weekResponseSchema } from '@academy/contracts';
import { LEARNING_PROJECTION } from '../../projections/learning/learning.projection.js';
import { GetWeek } from '../../queries/get-week/get-week.query.js';
import type { WeekWritten } from '../week-written.js';
import { PublishWeek } from './publish-week.command.js';

@Controller('weeks')
export class PublishWeekController extends DispatchingController {
  /** The week as the screen shows it, read once the learning projection shows the write. */
  private async answer(caller: CommandContext, { weekId }: WeekWritten, message: string): Promise<WeekResponse> {
    const { week } = await this.dispatch.query(new GetWeek(principalOf(caller), weekId));
    return { message, week };
  }

  /** 200 { message: 'Week status updated', week }. */
  @Put(':weekId/published')
  @Roles('teacher')
  @HttpCode(200)
  @CommandAnswers(200, weekResponseSchema)
  publish(
    @Param('weekId') weekId: string,
    @Body(new ZodValidationPipe(setWeekPublishedRequestSchema)) body: SetWeekPublishedRequest,
    @Caller() caller: CommandContext,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.dispatch.command(res, new PublishWeek(caller, weekId, body), [LEARNING_PROJECTION], (r) => this.answer(caller, r, LEARNING_MESSAGES.weekStatusUpdated));
  }
}
