import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, EVENT_STORE, isUuid, type Principal } from '@academy/backend';
import { DomainError, type EventMetadata, type EventStore, handleCommand } from '@academy/event-store';
import { USER_ADMIN_MESSAGES } from '@academy/contracts';
import { userDecider } from '../../domain/user.decide.js';
import { invitationSubject, userStream } from '../../domain/user.js';
import { newTemporaryPassword } from '../../passwords/passwords.js';
import { UsersReader } from '../../projections/users/users.reader.js';
import { SessionStore } from '../../sessions/session-store.js';
import { signInUrl } from '../sign-up/sign-up.handler.js';

/**
 * Staff send a person a new temporary password ("Re-issue password" on Users and Students), e.g. when
 * the mailed one expired (7 days). The new hash replaces the old one (the old password stops working),
 * the mail goes out like Create User's (TemporaryPasswordIssued → the mail queue), every session of the
 * person ends, and the older invitations are shredded: only the newest mailed password is in the log.
 */
@Injectable()
export class ReissueTemporaryPasswordHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersReader,
    private readonly sessions: SessionStore,
  ) {}

  async execute(principal: Principal, userId: string, metadata: EventMetadata): Promise<{ position: number }> {
    const notFound = () => new DomainError('not_found', principal.role === 'student_admin' ? USER_ADMIN_MESSAGES.studentNotFound : USER_ADMIN_MESSAGES.userNotFound);
    if (!isUuid(userId)) throw notFound();
    // The addressee of the mail; the stream decides whether the re-issue is allowed.
    const row = await this.users.account(userId);
    if (!row?.email) throw notFound();
    const { temporaryPassword, passwordHash } = await newTemporaryPassword();
    const outcome = await handleCommand({
      store: this.store,
      streamId: userStream(userId),
      decider: userDecider,
      metadata,
      command: {
        type: 'ReissueTemporaryPassword',
        actorId: principal.userId,
        actorRole: principal.role,
        passwordHash,
        temporaryPassword,
        signInUrl: signInUrl(this.config),
        email: row.email,
        fullName: row.full_name ?? '',
      },
    });
    await this.sessions.revokeAll(userId, 'password-reissued');
    for (let n = 1; n < outcome.state.invitations; n++) await this.store.eraseSubject(invitationSubject(userId, n));
    return { position: outcome.lastPosition };
  }
}
