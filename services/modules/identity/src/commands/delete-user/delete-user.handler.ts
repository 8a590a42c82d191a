import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, isUuid, principalOf } from '@academy/backend';
import { type CommandUnit, DomainError, type EventMetadata, type EventStore, Retry, runCommand } from '@academy/event-store';
import { USER_ADMIN_MESSAGES } from '@academy/contracts';
import { emailReservationDecider, emailStream } from '../../domain/email-reservation.js';
import { userDecider } from '../../domain/user.decide.js';
import { invitationSubjects, userStream, type UserState } from '../../domain/user.js';
import { SessionStore } from '../../sessions/session-store.js';
import { DeleteUser } from './delete-user.command.js';

/** Stages the release of the address `userId` holds (nothing when they no longer hold it). */
async function releaseEmail(unit: CommandUnit, userId: string, state: UserState): Promise<void> {
  if (!state.emailHash) return;
  unit.decide(await unit.load(emailStream(state.emailHash), emailReservationDecider), emailReservationDecider, { type: 'ReleaseEmail', userId });
}

/**
 * An administrator deletes an account (spec §5 Users, irreversible). In order:
 * 1. `UserDeleted` (the fact other contexts react to; identity_users drops the row, so every access
 *    token of the user is refused at once) and the release of the email reservation are appended in
 *    one step, so the address may be registered again;
 * 2. their sessions are removed;
 * 3. their personal data is crypto-shredded (`eraseSubject`, ADR 0003): every event's personal part
 *    becomes unreadable, the hash chain still verifies.
 * Steps 2–3 are idempotent: a DELETE repeated after a crash half-way finishes them (and answers 404).
 */
@CommandHandler(DeleteUser)
export class DeleteUserHandler implements ICommandHandler<DeleteUser> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly sessions: SessionStore,
  ) {}

  async execute({ caller, userId }: DeleteUser): Promise<{ position: number }> {
    if (!isUuid(userId)) throw new DomainError('not_found', USER_ADMIN_MESSAGES.userNotFound);
    let outcome;
    try {
      outcome = await runCommand(this.store, caller.metadata, {
        execute: async (unit) => {
          const user = await unit.load(userStream(userId), userDecider);
          unit.decide(user, userDecider, { type: 'DeleteUser', actorId: principalOf(caller).userId });
          await releaseEmail(unit, userId, user.state);
          return user.state;
        },
      });
    } catch (e) {
      if (e instanceof DomainError && e.kind === 'not_found') await this.finishDeleted(userId, caller.metadata);
      throw e;
    }
    await this.forget(userId, outcome.value);
    return { position: outcome.position };
  }

  /** A DELETE repeated after a crash half-way: finishes what the first one did not (nothing for an unknown id). */
  private async finishDeleted(userId: string, metadata: EventMetadata): Promise<void> {
    const { value: state } = await runCommand(this.store, metadata, {
      // A release of a deleted holder: the outcome does not depend on anything the admin saw.
      retry: Retry.onConflict(5),
      execute: async (unit) => {
        const { state } = await unit.load(userStream(userId), userDecider);
        // Deleted before the release was appended with UserDeleted (the old two-append design, ADR 0006).
        if (state.deleted) await releaseEmail(unit, userId, state);
        return state;
      },
    });
    if (state.deleted) await this.forget(userId, state);
  }

  private async forget(userId: string, state: UserState): Promise<void> {
    await this.sessions.deleteAll(userId);
    await this.store.eraseSubject(userId);
    for (const s of invitationSubjects(userId, state.invitations)) await this.store.eraseSubject(s);
  }
}
