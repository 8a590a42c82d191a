import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, type Principal } from '@academy/backend';
import type { AccountSessionsResponse } from '@academy/contracts';
import { SessionStore } from '../../sessions/session-store.js';

@ApiTags('identity')
@Controller('account')
export class ListSessionsController {
  constructor(private readonly sessions: SessionStore) {}

  /** Every signed-in role: the live sessions (one per sign-in), most recently used first, this one marked. */
  @Get('sessions')
  async list(@CurrentUser() principal: Principal): Promise<AccountSessionsResponse> {
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
