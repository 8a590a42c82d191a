import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { AccountSessionsResponse } from '@academy/contracts';
import { SessionStore } from '../../sessions/session-store.js';
import { ListSessions } from './list-sessions.query.js';

/** Sessions are not events (README: why): read from the session table, not a projection. */
@QueryHandler(ListSessions)
export class ListSessionsHandler implements IQueryHandler<ListSessions> {
  constructor(private readonly sessions: SessionStore) {}

  async execute({ principal }: ListSessions): Promise<AccountSessionsResponse> {
    const live = await this.sessions.listLive(principal.userId);
    return {
      sessions: live.map((s) => ({
        id: s.id,
        createdAt: s.createdAt.toISOString(),
        lastUsedAt: s.lastUsedAt.toISOString(),
        userAgent: s.userAgent,
        current: s.id === principal.sessionId,
      })),
    };
  }
}
