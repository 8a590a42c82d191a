import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { principalOf } from '@academy/backend';
import { SessionStore } from '../../sessions/session-store.js';
import { SignOutOtherSessions } from './sign-out-other-sessions.command.js';

/** Sessions are not events (README: why): one revocation in the session table, no read model to wait for. */
@CommandHandler(SignOutOtherSessions)
export class SignOutOtherSessionsHandler implements ICommandHandler<SignOutOtherSessions> {
  constructor(private readonly sessions: SessionStore) {}

  async execute({ caller }: SignOutOtherSessions): Promise<{ ended: number }> {
    const principal = principalOf(caller);
    return { ended: await this.sessions.revokeOthers(principal.userId, principal.sessionId ?? null, 'signed-out-elsewhere') };
  }
}
