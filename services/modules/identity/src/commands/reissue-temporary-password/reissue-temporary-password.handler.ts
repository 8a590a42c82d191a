import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, isUuid, principalOf, ReadModelGate } from '@academy/backend';
import { DomainError, type EventStore, runCommand } from '@academy/event-store';
import { IDENTITY_EVENTS, USER_ADMIN_MESSAGES } from '@academy/contracts';
import { userDecider } from '../../domain/user.decide.js';
import { invitationSubject, userStream } from '../../domain/user.js';
import { USERS_PROJECTION } from '../../projections/users/users.projection.js';
import { SessionStore } from '../../sessions/session-store.js';
import { AccountCredentials } from '../account-credentials.js';
import { ReissueTemporaryPassword } from './reissue-temporary-password.command.js';
import { readAddressee } from './reissue-temporary-password.read.js';

/**
 * Staff send a person a new temporary password ("Re-issue password" on Users and Students), e.g. when
 * the mailed one expired (7 days). The new hash replaces the old one (the old password stops working),
 * the mail goes out like Create User's (TemporaryPasswordIssued → the mail queue), every session of the
 * person ends, and the older invitations are shredded: only the newest mailed password is in the log.
 */
@CommandHandler(ReissueTemporaryPassword)
export class ReissueTemporaryPasswordHandler implements ICommandHandler<ReissueTemporaryPassword> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly credentials: AccountCredentials,
    private readonly gate: ReadModelGate,
    private readonly sessions: SessionStore,
  ) {}

  async execute({ caller, userId }: ReissueTemporaryPassword): Promise<{ position: number }> {
    const principal = principalOf(caller);
    const notFound = () => new DomainError('not_found', principal.role === 'student_admin' ? USER_ADMIN_MESSAGES.studentNotFound : USER_ADMIN_MESSAGES.userNotFound);
    if (!isUuid(userId)) throw notFound();
    // The addressee of the mail; the stream decides whether the re-issue is allowed.
    const row = await this.gate.check([USERS_PROJECTION], ({ em }) => readAddressee(em, userId), (r) => !!r?.email, caller.seen);
    if (!row?.email) throw notFound();
    const mailed = await this.credentials.invitation();
    const { value: invitationNumber, position } = await runCommand(this.store, caller.metadata, {
      execute: async (unit) => {
        const events = unit.decide(await unit.load(userStream(userId), userDecider), userDecider, {
          type: 'ReissueTemporaryPassword',
          actorId: principal.userId,
          actorRole: principal.role,
          passwordHash: mailed.passwordHash,
          ...mailed.invitation,
          email: row.email!,
          fullName: row.fullName ?? '',
        });
        const issued = events.find((e) => e.type === IDENTITY_EVENTS.TemporaryPasswordIssued);
        return issued?.type === IDENTITY_EVENTS.TemporaryPasswordIssued ? issued.data.invitation : 0;
      },
    });
    await this.sessions.revokeAll(userId, 'password-reissued');
    // Every older invitation is shredded: only the one just mailed stays readable.
    for (let n = 1; n < invitationNumber; n++) await this.store.eraseSubject(invitationSubject(userId, n));
    return { position };
  }
}
