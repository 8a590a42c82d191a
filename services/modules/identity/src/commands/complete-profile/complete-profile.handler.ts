import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { EVENT_STORE, NOT_SIGNED_IN, type Principal } from '@academy/backend';
import { type EventMetadata, type EventStore, handleCommand } from '@academy/event-store';
import type { CompleteProfileRequest, SessionUser } from '@academy/contracts';
import { userDecider } from '../../domain/user.decide.js';
import { invitationSubjects, userStream } from '../../domain/user.js';
import { assertPasswordAcceptable, hashPassword } from '../../passwords/passwords.js';
import { toSessionUser, UsersReader } from '../../projections/users/users.reader.js';
import { SessionStore } from '../../sessions/session-store.js';

@Injectable()
export class CompleteProfileHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly users: UsersReader,
    private readonly sessions: SessionStore,
  ) {}

  async execute(principal: Principal, input: CompleteProfileRequest, metadata: EventMetadata): Promise<{ user: SessionUser; position: number }> {
    assertPasswordAcceptable(input.password);
    const before = await this.users.byId(principal.userId);
    if (!before) throw new UnauthorizedException(NOT_SIGNED_IN);
    const passwordHash = await hashPassword(input.password);
    const { password: _p, confirmPassword: _c, ...profile } = input;
    const outcome = await handleCommand({
      store: this.store,
      streamId: userStream(principal.userId),
      decider: userDecider,
      metadata,
      command: { type: 'CompleteProfile', profile, passwordHash },
    });
    // The person's own password replaces the mailed one: the invitation (temporary password) is shredded.
    for (const s of invitationSubjects(principal.userId, outcome.state.invitations)) await this.store.eraseSubject(s);
    // A new password ends every other session of the user; this device stays signed in.
    await this.sessions.revokeOthers(principal.userId, principal.sessionId ?? null, 'password-changed');
    return { user: { ...toSessionUser(before), fullName: profile.fullName, firstLoginCompleted: true }, position: outcome.lastPosition };
  }
}
