import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, isUuid, type Principal } from '@academy/backend';
import { DomainError, type EventMetadata, type EventStore, fold, handleCommand } from '@academy/event-store';
import { USER_ADMIN_MESSAGES } from '@academy/contracts';
import { userDecider } from '../../domain/user.decide.js';
import { invitationSubjects, userStream, type UserState } from '../../domain/user.js';
import { releaseEmail } from '../../reservations/email-claims.js';
import { SessionStore } from '../../sessions/session-store.js';

/**
 * An administrator deletes an account (spec §5 Users, irreversible). In order:
 * 1. `UserDeleted` is appended (the fact other contexts react to; identity_users drops the row, so
 *    every access token of the user is refused at once);
 * 2. their sessions are removed;
 * 3. their personal data is crypto-shredded (`eraseSubject`, ADR 0003): every event's personal part
 *    becomes unreadable, the hash chain still verifies;
 * 4. the email reservation is released, so the address may be registered again.
 * Steps 2–4 are idempotent: a DELETE repeated after a crash half-way finishes them (and answers 404).
 */
@Injectable()
export class DeleteUserHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly sessions: SessionStore,
  ) {}

  async execute(principal: Principal, userId: string, metadata: EventMetadata): Promise<{ position: number }> {
    if (!isUuid(userId)) throw new DomainError('not_found', USER_ADMIN_MESSAGES.userNotFound);
    let outcome;
    try {
      outcome = await handleCommand({ store: this.store, streamId: userStream(userId), decider: userDecider, metadata, command: { type: 'DeleteUser', actorId: principal.userId } });
    } catch (e) {
      if (e instanceof DomainError && e.kind === 'not_found') {
        const state = fold(userDecider, await this.store.readStream(userStream(userId)));
        if (state.deleted) await this.forget(userId, state, metadata);
      }
      throw e;
    }
    await this.forget(userId, outcome.state, metadata);
    return { position: outcome.lastPosition };
  }

  private async forget(userId: string, state: UserState, metadata: EventMetadata): Promise<void> {
    await this.sessions.deleteAll(userId);
    await this.store.eraseSubject(userId);
    for (const s of invitationSubjects(userId, state.invitations)) await this.store.eraseSubject(s);
    if (state.emailHash) await releaseEmail(this.store, state.emailHash, userId, metadata);
  }
}
