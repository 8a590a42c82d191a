// Settings → notifications: the caller's saved preferences, from the read schema's views onto the live
// version of identity_users, through MikroORM (ADR 0018).
import { UnauthorizedException } from '@nestjs/common';
import { QueryHandler } from '@nestjs/cqrs';
import { isUuid, NOT_SIGNED_IN, orNone, readModelEm, ReadModelQueryHandler } from '@academy/backend';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@academy/contracts';
import { User } from '../../projections/users/user.entity.js';
import { GetNotificationPreferences } from './notification-preferences.query.js';
import { USERS_PROJECTION } from '../../projections/users/names.js';

/** What was saved over the defaults (a preference added since keeps its default); 401 when there is no such live account. */
@QueryHandler(GetNotificationPreferences)
export class GetNotificationPreferencesHandler extends ReadModelQueryHandler<GetNotificationPreferences> {
  async execute({ userId }: GetNotificationPreferences): Promise<{ preferences: NotificationPreferences }> {
    const row = isUuid(userId) ? await orNone(readModelEm(this.em, USERS_PROJECTION).findOne(User, { id: userId }, { fields: ['notificationPreferences'], disableIdentityMap: true }), null) : null;
    if (!row) throw new UnauthorizedException(NOT_SIGNED_IN);
    return { preferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, ...(row.notificationPreferences ?? {}) } };
  }
}
