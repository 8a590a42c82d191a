import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, isUuid, principalOf, ReadModelGate } from '@academy/backend';
import { DomainError, type EventStore, runCommand } from '@academy/event-store';
import { USER_ADMIN_MESSAGES, type UserSummary } from '@academy/contracts';
import { userDecider } from '../../domain/user.decide.js';
import { userStream } from '../../domain/user.js';
import { USERS_PROJECTION } from '../../projections/users/users.projection.js';
import { ListUsers } from '../../queries/list-users/list-users.query.js';
import { SessionStore } from '../../sessions/session-store.js';
import { AssignRole } from './assign-role.command.js';

/**
 * An administrator replaces a user's role (spec §4 "Role change"). Every session of that user ends:
 * their access tokens name the old role (the AuthGuard refuses them at once) and their refresh tokens
 * are revoked, so the new role comes with their next sign-in. It answers only when no API process
 * accepts those tokens any more (ADR 0012): the revocation waits for every process, and a last fence
 * after the users projection's write covers its notice (a session begun while the role was changing).
 */
@CommandHandler(AssignRole)
export class AssignRoleHandler implements ICommandHandler<AssignRole> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly gate: ReadModelGate,
    private readonly sessions: SessionStore,
  ) {}

  async execute({ caller, userId, input }: AssignRole): Promise<{ user: UserSummary; position: number }> {
    if (!isUuid(userId)) throw new DomainError('not_found', USER_ADMIN_MESSAGES.userNotFound);
    const { appended, position } = await runCommand(this.store, caller.metadata, {
      execute: async (unit) => unit.decide(await unit.load(userStream(userId), userDecider), userDecider, { type: 'AssignRole', role: input.role, actorId: principalOf(caller).userId }),
    });
    if (appended) await this.sessions.revokeAll(userId, 'role-changed');
    // The row as the Users page will show it (past the bound: what is there; the answer is then 202).
    const [row] = (await this.gate.shown([USERS_PROJECTION], position, new ListUsers(userId))).users;
    if (appended) await this.sessions.fence();
    if (!row) throw new DomainError('not_found', USER_ADMIN_MESSAGES.userNotFound);
    return { user: { ...row, role: input.role }, position };
  }
}
