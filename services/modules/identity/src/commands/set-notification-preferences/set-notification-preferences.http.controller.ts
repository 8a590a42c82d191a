import { Body, Controller, HttpCode, Put, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, type CommandContext, DispatchingController, ZodValidationPipe, CommandAnswers } from '@academy/backend';
import { type NotificationPreferences, notificationPreferencesSchema, USER_ADMIN_MESSAGES, notificationPreferencesResponseSchema } from '@academy/contracts';
import { USERS_PROJECTION } from '../../projections/users/users.projection.js';
import { SetNotificationPreferences } from './set-notification-preferences.command.js';

@Controller('account')
export class SetNotificationPreferencesController extends DispatchingController {
  /** Every signed-in role: 200 { message: 'Notification preferences saved', preferences }. */
  @Put('notification-preferences')
  @HttpCode(200)
  @CommandAnswers(200, notificationPreferencesResponseSchema)
  save(@Body(new ZodValidationPipe(notificationPreferencesSchema)) body: NotificationPreferences, @Caller() caller: CommandContext, @Res({ passthrough: true }) res: Response) {
    return this.dispatch.command(res, new SetNotificationPreferences(caller, body), [USERS_PROJECTION], () => ({ message: USER_ADMIN_MESSAGES.preferencesSaved, preferences: body }));
  }
}
