import { UnauthorizedException } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { NOT_SIGNED_IN } from '@academy/backend';
import type { NotificationPreferences } from '@academy/contracts';
import { preferencesOf, UsersReader } from '../../projections/users/users.reader.js';
import { GetNotificationPreferences } from './notification-preferences.query.js';

@QueryHandler(GetNotificationPreferences)
export class GetNotificationPreferencesHandler implements IQueryHandler<GetNotificationPreferences> {
  constructor(private readonly users: UsersReader) {}

  async execute({ userId }: GetNotificationPreferences): Promise<{ preferences: NotificationPreferences }> {
    const user = await this.users.account(userId);
    if (!user) throw new UnauthorizedException(NOT_SIGNED_IN);
    return { preferences: preferencesOf(user) };
  }
}
