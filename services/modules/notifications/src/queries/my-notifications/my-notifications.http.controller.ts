import { Controller, Get, Query } from '@nestjs/common';
import { CurrentUser, DispatchingController, type Principal, ReadsProjections, ZodValidationPipe, Answers } from '@academy/backend';
import { type NotificationsQuery, notificationsQuerySchema, notificationsResponseSchema } from '@academy/contracts';
import { NOTIFICATIONS_PROJECTION } from '../../projections/notifications/names.js';
import { MyNotifications } from './my-notifications.query.js';

@Controller('notifications')
export class MyNotificationsController extends DispatchingController {
  /** The header bell: the caller's newest notices and unread count (any role; never another user's). */
  @Get()
  @ReadsProjections(NOTIFICATIONS_PROJECTION)
  @Answers(200, notificationsResponseSchema)
  list(@Query(new ZodValidationPipe(notificationsQuerySchema)) query: NotificationsQuery, @CurrentUser() principal: Principal) {
    return this.dispatch.query(new MyNotifications(principal.userId, query.limit));
  }
}
