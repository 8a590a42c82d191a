import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, isUuid, type Principal } from '@academy/backend';
import { DomainError, type EventMetadata, type EventStore, handleCommand } from '@academy/event-store';
import { type AssignRoleRequest, USER_ADMIN_MESSAGES, type UserSummary } from '@academy/contracts';
import { userDecider } from '../../domain/user.decide.js';
import { userStream } from '../../domain/user.js';
import { UsersAfterWrite } from '../../projections/users/users-after.js';
import { toUserSummary } from '../../projections/users/users.reader.js';
import { SessionStore } from '../../sessions/session-store.js';

/**
 * An administrator replaces a user's role (spec §4 "Role change"). Every session of that user ends:
 * their access tokens name the old role (the AuthGuard refuses them at once) and their refresh tokens
 * are revoked, so the new role comes with their next sign-in. It answers only when no API process
 * accepts those tokens any more (ADR 0012): the revocation waits for every process, and a last fence
 * after the users projection's write covers its notice (a session begun while the role was changing).
 */
@Injectable()
export class AssignRoleHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly sessions: SessionStore,
    private readonly after: UsersAfterWrite,
  ) {}

  async execute(principal: Principal, userId: string, input: AssignRoleRequest, metadata: EventMetadata): Promise<{ user: UserSummary; position: number }> {
    if (!isUuid(userId)) throw new DomainError('not_found', USER_ADMIN_MESSAGES.userNotFound);
    const outcome = await handleCommand({
      store: this.store,
      streamId: userStream(userId),
      decider: userDecider,
      metadata,
      command: { type: 'AssignRole', role: input.role, actorId: principal.userId },
    });
    if (outcome.events.length) await this.sessions.revokeAll(userId, 'role-changed');
    const row = await this.after.account(userId, outcome.lastPosition);
    if (outcome.events.length) await this.sessions.fence();
    if (!row) throw new DomainError('not_found', USER_ADMIN_MESSAGES.userNotFound);
    return { user: { ...toUserSummary(row), role: input.role }, position: outcome.lastPosition };
  }
}
