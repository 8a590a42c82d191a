import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { Caller, type CommandContext, DispatchingController, ZodValidationPipe, Answers } from '@academy/backend';
import { type MarkNotificationsReadRequest, markNotificationsReadRequestSchema, type NotificationsResponse, notificationsResponseSchema } from '@academy/contracts';
import { MarkRead } from './mark-read.command.js';

/** Any signed-in user, their own inbox only (the user id comes from the session, never from the request). */
@Controller('notifications')
export class MarkReadController extends DispatchingController {
  /** 200 { unread, notifications } after marking the caller's own notices among `ids` as read. */
  @Post('read')
  @HttpCode(200)
  @Answers(200, notificationsResponseSchema)
  async read(@Body(new ZodValidationPipe(markNotificationsReadRequestSchema)) body: MarkNotificationsReadRequest, @Caller() caller: CommandContext): Promise<NotificationsResponse> {
    return (await this.dispatch.execute(new MarkRead(caller, body.ids))).answer;
  }

  /** 200 { unread: 0, notifications }: everything received so far is read. */
  @Post('read-all')
  @HttpCode(200)
  @Answers(200, notificationsResponseSchema)
  async readAll(@Caller() caller: CommandContext): Promise<NotificationsResponse> {
    return (await this.dispatch.execute(new MarkRead(caller, 'all'))).answer;
  }
}
