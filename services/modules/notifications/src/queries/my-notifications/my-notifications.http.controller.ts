import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, type Principal, ReadsProjections, ZodValidationPipe } from '@academy/backend';
import { type NotificationsQuery, notificationsQuerySchema, type NotificationsResponse } from '@academy/contracts';
import { NOTIFICATIONS_PROJECTION } from '../../projections/notifications/names.js';
import { InboxReader } from '../../projections/notifications/inbox.reader.js';

@ApiTags('notifications')
@Controller('notifications')
export class MyNotificationsController {
  constructor(private readonly inbox: InboxReader) {}

  /** The header bell: the caller's newest notices and unread count (any role; never another user's). */
  @Get()
  @ReadsProjections(NOTIFICATIONS_PROJECTION)
  async list(@Query(new ZodValidationPipe(notificationsQuerySchema)) query: NotificationsQuery, @CurrentUser() principal: Principal): Promise<NotificationsResponse> {
    return this.inbox.inbox(principal.userId, query.limit);
  }
}
