import { Controller, HttpCode, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '@academy/backend';
import { IDENTITY_MESSAGES, REFRESH_COOKIE, type Session } from '@academy/contracts';
import { toSessionUser, UsersReader } from '../../projections/users/users.reader.js';
import { SessionIssuer } from '../../sessions/session-issuer.js';
import { SessionStore } from '../../sessions/session-store.js';

@ApiTags('identity')
@Controller('auth')
export class RefreshSessionController {
  constructor(
    private readonly sessions: SessionStore,
    private readonly users: UsersReader,
    private readonly issuer: SessionIssuer,
  ) {}

  /** Cookie only: rotates the refresh token; a reused (already rotated) one ends its whole family. */
  @Post('refresh')
  @Public()
  @HttpCode(200)
  async refresh(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<Session> {
    const presented = (req.cookies as Record<string, string> | undefined)?.[REFRESH_COOKIE];
    const ended = () => {
      this.issuer.clear(res);
      return new UnauthorizedException(IDENTITY_MESSAGES.sessionExpired);
    };
    if (!presented) throw ended();
    const rotated = await this.sessions.rotate(presented);
    if (!rotated.ok) throw ended();
    // The role is read fresh: a refreshed token always carries the user's current role.
    const user = await this.users.byId(rotated.issued.userId);
    if (!user) {
      await this.sessions.revokeFamily(rotated.issued.familyId, 'user-gone');
      throw ended();
    }
    return this.issuer.issue(res, toSessionUser(user), rotated.issued.familyId, rotated.issued.refreshToken);
  }
}
