import { Controller, HttpCode, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Dispatch, Public, Answers, ReadsRefreshCookie, Refuses } from '@academy/backend';
import { IDENTITY_MESSAGES, REFRESH_COOKIE, type Session, sessionSchema } from '@academy/contracts';
import { SessionIssuer } from '../../sessions/session-issuer.js';
import { RefreshSession } from './refresh-session.command.js';

@Controller('auth')
export class RefreshSessionController {
  constructor(
    private readonly dispatch: Dispatch,
    private readonly issuer: SessionIssuer,
  ) {}

  /** Cookie only, not a passport strategy: it rotates a session family's token, it does not authenticate a caller (ADR 0016). */
  @Post('refresh')
  @Public()
  @HttpCode(200)
  @Answers(200, sessionSchema, { description: 'A new access token; the refresh cookie is rotated (Set-Cookie).' })
  @Refuses(401)
  @ReadsRefreshCookie()
  async refresh(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<Session> {
    const presented = (req.cookies as Record<string, string> | undefined)?.[REFRESH_COOKIE];
    const outcome = await this.dispatch.execute(new RefreshSession(presented));
    if (!outcome.ok) {
      this.issuer.clear(res);
      throw new UnauthorizedException(IDENTITY_MESSAGES.sessionExpired);
    }
    return this.issuer.issue(res, outcome.user, outcome.refresh.familyId, outcome.refresh.refreshToken);
  }
}
