import { Controller, Get, UnauthorizedException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, NOT_SIGNED_IN, type Principal, ReadsProjections } from '@academy/backend';
import type { NotificationPreferences } from '@academy/contracts';
import { preferencesOf, UsersReader } from '../../projections/users/users.reader.js';

@ApiTags('identity')
@Controller('account')
export class NotificationPreferencesController {
  constructor(private readonly users: UsersReader) {}

  /** Every signed-in role: the saved preferences, DEFAULT_NOTIFICATION_PREFERENCES until first saved. */
  @Get('notification-preferences')
  @ReadsProjections('identity_users')
  async get(@CurrentUser() principal: Principal): Promise<{ preferences: NotificationPreferences }> {
    const user = await this.users.account(principal.userId);
    if (!user) throw new UnauthorizedException(NOT_SIGNED_IN);
    return { preferences: preferencesOf(user) };
  }
}
