import { Body, Controller, HttpCode, Param, Put, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CommandResponder, commandMetadata, CurrentUser, type Principal, Roles, ZodValidationPipe } from '@academy/backend';
import { LEARNING_MESSAGES, type SetWeekPublishedRequest, setWeekPublishedRequestSchema, type WeekResponse } from '@academy/contracts';
import { LEARNING_READ_MODEL } from '../../projections/learning/learning.reader.js';
import { PublishWeekHandler } from './publish-week.handler.js';

@ApiTags('learning')
@Controller('weeks')
export class PublishWeekController {
  constructor(
    private readonly handler: PublishWeekHandler,
    private readonly responder: CommandResponder,
  ) {}

  /** 200 { message: 'Week status updated', week }. */
  @Put(':weekId/published')
  @Roles('teacher')
  @HttpCode(200)
  async publish(
    @Param('weekId') weekId: string,
    @Body(new ZodValidationPipe(setWeekPublishedRequestSchema)) body: SetWeekPublishedRequest,
    @CurrentUser() principal: Principal,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { week, position } = await this.handler.execute(principal, weekId, body, commandMetadata(req));
    return this.responder.answer<WeekResponse>(res, LEARNING_READ_MODEL, position, { message: LEARNING_MESSAGES.weekStatusUpdated, week });
  }
}
