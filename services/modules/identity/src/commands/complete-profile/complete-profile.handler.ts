import { Inject, UnauthorizedException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, NOT_SIGNED_IN, principalOf, ReadModelGate } from '@academy/backend';
import { type EventStore, runCommand } from '@academy/event-store';
import type { SessionUser } from '@academy/contracts';
import { userDecider } from '../../domain/user.decide.js';
import { invitationSubjects, userStream } from '../../domain/user.js';
import { assertPasswordAcceptable, hashPassword } from '../../passwords/passwords.js';
import { USERS_PROJECTION } from '../../projections/users/users.projection.js';
import { SessionUserById } from '../../queries/session-user/session-user.query.js';
import { SessionStore } from '../../sessions/session-store.js';
import { CompleteProfile } from './complete-profile.command.js';

@CommandHandler(CompleteProfile)
export class CompleteProfileHandler implements ICommandHandler<CompleteProfile> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly gate: ReadModelGate,
    private readonly sessions: SessionStore,
  ) {}

  async execute({ caller, input }: CompleteProfile): Promise<{ user: SessionUser; position: number }> {
    const principal = principalOf(caller);
    assertPasswordAcceptable(input.password);
    const before = await this.gate.check([USERS_PROJECTION], ({ queries }) => queries.execute(new SessionUserById(principal.userId)), (row) => row !== null, caller.seen);
    if (!before) throw new UnauthorizedException(NOT_SIGNED_IN);
    const passwordHash = await hashPassword(input.password);
    const { password: _p, confirmPassword: _c, ...profile } = input;
    const { value: invitations, position } = await runCommand(this.store, caller.metadata, {
      execute: async (unit) => {
        const user = await unit.load(userStream(principal.userId), userDecider);
        unit.decide(user, userDecider, { type: 'CompleteProfile', profile, passwordHash });
        return user.state.invitations;
      },
    });
    // The person's own password replaces the mailed one: the invitation (temporary password) is shredded.
    for (const s of invitationSubjects(principal.userId, invitations)) await this.store.eraseSubject(s);
    // A new password ends every other session of the user; this device stays signed in.
    await this.sessions.revokeOthers(principal.userId, principal.sessionId ?? null, 'password-changed');
    return { user: { ...before, fullName: profile.fullName, firstLoginCompleted: true }, position };
  }
}
