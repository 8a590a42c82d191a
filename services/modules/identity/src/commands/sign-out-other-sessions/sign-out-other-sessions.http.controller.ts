import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, type Principal } from '@academy/backend';
import { USER_ADMIN_MESSAGES } from '@academy/contracts';
import { SessionStore } from '../../sessions/session-store.js';

/**
 * Settings → "sign out of all other sessions". Sessions are not events (README: why), so there is no
 * handler or read model here: one revocation in the session table.
 */
@ApiTags('identity')
@Controller('account/sessions')
export class SignOutOtherSessionsController {
  constructor(private readonly sessions: SessionStore) {}

  @Post('sign-out-others')
  @HttpCode(200)
  async signOutOthers(@CurrentUser() principal: Principal): Promise<{ message: string; ended: number }> {
    const ended = await this.sessions.revokeOthers(principal.userId, principal.sessionId ?? null, 'signed-out-elsewhere');
    return { message: USER_ADMIN_MESSAGES.otherSessionsEnded, ended };
  }
}
