import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { type Principal, Public } from '@academy/backend';
import { REFRESH_COOKIE } from '@academy/contracts';
import { SessionIssuer } from '../../sessions/session-issuer.js';
import { SessionStore } from '../../sessions/session-store.js';

@ApiTags('identity')
@Controller('auth')
export class SignOutController {
  constructor(
    private readonly sessions: SessionStore,
    private readonly issuer: SessionIssuer,
  ) {}

  /**
   * Public and idempotent: signing out must work with an expired access token. Ends the family of the
   * refresh cookie and of the access token, whichever is present, and clears the cookie.
   */
  @Post('sign-out')
  @Public()
  @HttpCode(204)
  async signOut(@Req() req: Request & { principal?: Principal }, @Res({ passthrough: true }) res: Response): Promise<void> {
    const presented = (req.cookies as Record<string, string> | undefined)?.[REFRESH_COOKIE];
    const families = new Set<string>();
    if (presented) {
      const family = await this.sessions.familyOf(presented);
      if (family) families.add(family);
    }
    if (req.principal?.sessionId) families.add(req.principal.sessionId);
    for (const family of families) await this.sessions.revokeFamily(family, 'signed-out');
    this.issuer.clear(res);
  }
}
