import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Dispatch, type Principal, Public, Answers, ReadsRefreshCookie } from '@academy/backend';
import { REFRESH_COOKIE } from '@academy/contracts';
import { SessionIssuer } from '../../sessions/session-issuer.js';
import { SignOut } from './sign-out.command.js';

@Controller('auth')
export class SignOutController {
  constructor(
    private readonly dispatch: Dispatch,
    private readonly issuer: SessionIssuer,
  ) {}

  /**
   * Public and idempotent: signing out must work with an expired access token. Ends the family of the
   * refresh cookie and of the access token (the JwtAuthGuard attaches a valid one even here),
   * whichever is present, and clears the cookie.
   */
  @Post('sign-out')
  @Public()
  @HttpCode(204)
  @Answers(204)
  @ReadsRefreshCookie({ optional: true })
  async signOut(@Req() req: Request & { principal?: Principal }, @Res({ passthrough: true }) res: Response): Promise<void> {
    const presented = (req.cookies as Record<string, string> | undefined)?.[REFRESH_COOKIE];
    await this.dispatch.execute(new SignOut(presented, req.principal?.sessionId ?? null));
    this.issuer.clear(res);
  }
}
