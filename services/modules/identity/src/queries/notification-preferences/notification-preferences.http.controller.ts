import { Controller, Get } from '@nestjs/common';
import { CurrentUser, DispatchingController, type Principal, ReadsProjections, Answers } from '@academy/backend';
import { USERS_PROJECTION } from '../../projections/users/users.projection.js';
import { GetNotificationPreferences } from './notification-preferences.query.js';
import { notificationPreferencesResponseSchema } from '@academy/contracts';

@Controller('account')
export class NotificationPreferencesController extends DispatchingController {
  /** Every signed-in role: the saved preferences, DEFAULT_NOTIFICATION_PREFERENCES until first saved. */
  @Get('notification-preferences')
  @ReadsProjections(USERS_PROJECTION)
  @Answers(200, notificationPreferencesResponseSchema)
  get(@CurrentUser() principal: Principal) {
    return this.dispatch.query(new GetNotificationPreferences(principal.userId));
  }
}
