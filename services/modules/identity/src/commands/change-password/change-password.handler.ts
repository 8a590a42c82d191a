import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { EVENT_STORE, NOT_SIGNED_IN, type Principal } from '@academy/backend';
import { type EventMetadata, type EventStore, handleCommand } from '@academy/event-store';
import type { ChangePasswordRequest } from '@academy/contracts';
import { userDecider } from '../../domain/user.decide.js';
import { invitationSubjects, userStream } from '../../domain/user.js';
import { assertPasswordAcceptable, hashPassword, verifyPassword } from '../../passwords/passwords.js';
import { UsersReader } from '../../projections/users/users.reader.js';
import { SessionStore } from '../../sessions/session-store.js';

/** Settings → change password: the current one is checked; this device stays signed in, the others end. */
@Injectable()
export class ChangePasswordHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly users: UsersReader,
    private readonly sessions: SessionStore,
  ) {}

  async execute(principal: Principal, input: ChangePasswordRequest, metadata: EventMetadata): Promise<{ position: number }> {
    assertPasswordAcceptable(input.newPassword, 'newPassword');
    const user = await this.users.byId(principal.userId);
    if (!user) throw new UnauthorizedException(NOT_SIGNED_IN);
    const currentPasswordMatches = user.password_hash !== null && (await verifyPassword(user.password_hash, input.currentPassword));
    const passwordHash = currentPasswordMatches ? await hashPassword(input.newPassword) : null;
    const outcome = await handleCommand({
      store: this.store,
      streamId: userStream(principal.userId),
      decider: userDecider,
      metadata,
      command: { type: 'ChangePassword', currentPasswordMatches, passwordHash },
    });
    for (const s of invitationSubjects(principal.userId, outcome.state.invitations)) await this.store.eraseSubject(s);
    await this.sessions.revokeOthers(principal.userId, principal.sessionId ?? null, 'password-changed');
    return { position: outcome.lastPosition };
  }
}
