import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { commandMetadata, CurrentUser, type Principal, ZodValidationPipe } from '@academy/backend';
import { type MarkNotificationsReadRequest, markNotificationsReadRequestSchema, type NotificationsResponse } from '@academy/contracts';
import { MarkReadHandler } from './mark-read.handler.js';

/** Any signed-in user, their own inbox only (the user id comes from the session, never from the request). */
@ApiTags('notifications')
@Controller('notifications')
export class MarkReadController {
  constructor(private readonly handler: MarkReadHandler) {}

  /** 200 { unread, notifications } after marking the caller's own notices among `ids` as read. */
  @Post('read')
  @HttpCode(200)
  async read(@Body(new ZodValidationPipe(markNotificationsReadRequestSchema)) body: MarkNotificationsReadRequest, @CurrentUser() principal: Principal, @Req() req: Request): Promise<NotificationsResponse> {
    return (await this.handler.execute(principal.userId, body.ids, commandMetadata(req))).answer;
  }

  /** 200 { unread: 0, notifications }: everything received so far is read. */
  @Post('read-all')
  @HttpCode(200)
  async readAll(@CurrentUser() principal: Principal, @Req() req: Request): Promise<NotificationsResponse> {
    return (await this.handler.execute(principal.userId, 'all', commandMetadata(req))).answer;
  }
}
