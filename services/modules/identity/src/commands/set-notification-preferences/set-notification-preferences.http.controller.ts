import { Body, Controller, HttpCode, Put, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CommandResponder, commandMetadata, CurrentUser, type Principal, ZodValidationPipe } from '@academy/backend';
import { type NotificationPreferences, notificationPreferencesSchema, USER_ADMIN_MESSAGES } from '@academy/contracts';
import { USERS_READ_MODEL } from '../../identity.limits.js';
import { SetNotificationPreferencesHandler } from './set-notification-preferences.handler.js';

@ApiTags('identity')
@Controller('account')
export class SetNotificationPreferencesController {
  constructor(
    private readonly handler: SetNotificationPreferencesHandler,
    private readonly responder: CommandResponder,
  ) {}

  /** Every signed-in role: 200 { message: 'Notification preferences saved', preferences }. */
  @Put('notification-preferences')
  @HttpCode(200)
  async save(
    @CurrentUser() principal: Principal,
    @Body(new ZodValidationPipe(notificationPreferencesSchema)) body: NotificationPreferences,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { position } = await this.handler.execute(principal, body, commandMetadata(req));
    return this.responder.answer(res, USERS_READ_MODEL, position, { message: USER_ADMIN_MESSAGES.preferencesSaved, preferences: body });
  }
}
