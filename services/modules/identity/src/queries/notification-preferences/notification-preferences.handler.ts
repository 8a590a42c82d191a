import { UnauthorizedException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { NOT_SIGNED_IN } from '@academy/backend';
import type { NotificationPreferences } from '@academy/contracts';
import { GetNotificationPreferences } from './notification-preferences.query.js';
import { readNotificationPreferences } from './notification-preferences.read.js';

@QueryHandler(GetNotificationPreferences)
export class GetNotificationPreferencesHandler implements IQueryHandler<GetNotificationPreferences> {
  constructor(private readonly em: EntityManager) {}

  async execute({ userId }: GetNotificationPreferences): Promise<{ preferences: NotificationPreferences }> {
    const preferences = await readNotificationPreferences(this.em, userId);
    if (!preferences) throw new UnauthorizedException(NOT_SIGNED_IN);
    return { preferences };
  }
}
