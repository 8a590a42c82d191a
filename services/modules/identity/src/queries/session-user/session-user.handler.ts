// Who is signed in, from the read schema's views onto the live version of identity_users (ADR 0018).
import { QueryHandler } from '@nestjs/cqrs';
import { isUuid, orNone, readModelEm, ReadModelQueryHandler } from '@academy/backend';
import type { SessionUser } from '@academy/contracts';
import { User } from '../../projections/users/user.entity.js';
import { SessionUserById } from './session-user.query.js';
import { USERS_PROJECTION } from '../../projections/users/names.js';

/** The live account `userId` as a SessionUser; null when there is none (or not yet a read schema). */
@QueryHandler(SessionUserById)
export class SessionUserByIdHandler extends ReadModelQueryHandler<SessionUserById> {
  async execute({ userId }: SessionUserById): Promise<SessionUser | null> {
    if (!isUuid(userId)) return null;
    const row = await orNone(
      readModelEm(this.em, USERS_PROJECTION).findOne(User, { id: userId }, { fields: ['id', 'email', 'fullName', 'role', 'firstLoginCompleted'], disableIdentityMap: true }),
      null,
    );
    return row && { id: row.id, email: row.email ?? '', fullName: row.fullName ?? '', role: row.role, firstLoginCompleted: row.firstLoginCompleted };
  }
}
