import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { SessionUserById } from '../../queries/session-user/session-user.query.js';
import { SessionStore } from '../../sessions/session-store.js';
import { RefreshSession, type RefreshOutcome } from './refresh-session.command.js';

/** Rotates the refresh token; a reused (already rotated) one ends its whole family (SessionStore.rotate). */
@CommandHandler(RefreshSession)
export class RefreshSessionHandler implements ICommandHandler<RefreshSession> {
  constructor(
    private readonly sessions: SessionStore,
    private readonly queries: QueryBus,
  ) {}

  async execute({ presented }: RefreshSession): Promise<RefreshOutcome> {
    if (!presented) return { ok: false };
    const rotated = await this.sessions.rotate(presented);
    if (!rotated.ok) return { ok: false };
    // The role is read fresh: a refreshed token always carries the user's current role.
    const user = await this.queries.execute(new SessionUserById(rotated.issued.userId));
    if (!user) {
      await this.sessions.revokeFamily(rotated.issued.familyId, 'user-gone');
      return { ok: false };
    }
    return { ok: true, user, refresh: rotated.issued };
  }
}
