import { Inject, UnauthorizedException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, NOT_SIGNED_IN, principalOf, RateLimiter, ReadModelGate } from '@academy/backend';
import { type EventStore, runCommand } from '@academy/event-store';
import { userDecider } from '../../domain/user.decide.js';
import { invitationSubjects, userStream } from '../../domain/user.js';
import { LIMITS } from '../../identity.limits.js';
import { assertPasswordAcceptable, hashPassword, verifyPassword } from '../../passwords/passwords.js';
import { USERS_PROJECTION } from '../../projections/users/users.projection.js';
import { SessionStore } from '../../sessions/session-store.js';
import { ChangePassword } from './change-password.command.js';
import { readPasswordHash } from './change-password.read.js';

/** Settings → change password: the current one is checked; this device stays signed in, the others end. */
@CommandHandler(ChangePassword)
export class ChangePasswordHandler implements ICommandHandler<ChangePassword> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly gate: ReadModelGate,
    private readonly sessions: SessionStore,
    private readonly limiter: RateLimiter,
  ) {}

  async execute({ caller, input }: ChangePassword): Promise<{ position: number }> {
    const principal = principalOf(caller);
    // Guessing the current password from a stolen session: every attempt counts, per account.
    await this.limiter.consume([{ rule: LIMITS.changePasswordUser, subject: principal.userId }]);
    assertPasswordAcceptable(input.newPassword, 'newPassword');
    const user = await this.gate.check([USERS_PROJECTION], ({ em }) => readPasswordHash(em, principal.userId), (row) => row !== null, caller.seen);
    if (!user) throw new UnauthorizedException(NOT_SIGNED_IN);
    const currentPasswordMatches = user.passwordHash !== null && (await verifyPassword(user.passwordHash, input.currentPassword));
    const passwordHash = currentPasswordMatches ? await hashPassword(input.newPassword) : null;
    const { value: invitations, position } = await runCommand(this.store, caller.metadata, {
      execute: async (unit) => {
        const stream = await unit.load(userStream(principal.userId), userDecider);
        unit.decide(stream, userDecider, { type: 'ChangePassword', currentPasswordMatches, passwordHash });
        return stream.state.invitations;
      },
    });
    for (const s of invitationSubjects(principal.userId, invitations)) await this.store.eraseSubject(s);
    await this.sessions.revokeOthers(principal.userId, principal.sessionId ?? null, 'password-changed');
    return { position };
  }
}
