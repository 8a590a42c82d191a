import { Inject, Injectable } from '@nestjs/common';
import type { CookieOptions, Response } from 'express';
import { AccessTokens, APP_CONFIG, type AppConfig } from '@academy/backend';
import { REFRESH_COOKIE, SESSION_HINT_COOKIE, type Session, type SessionUser } from '@academy/contracts';
import { REFRESH_TTL_SECONDS } from './session-store.js';

/** Turns a session family into what the browser gets: an access token in the body, the refresh token in a cookie. */
@Injectable()
export class SessionIssuer {
  private readonly cookie: CookieOptions;
  private readonly hint: CookieOptions;

  constructor(
    private readonly tokens: AccessTokens,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    // Path=/api/auth: the cookie travels only to refresh/sign-out, never with ordinary API calls.
    this.cookie = { httpOnly: true, sameSite: 'strict', path: '/api/auth', secure: config.PUBLIC_URL?.startsWith('https:') ?? false };
    // Readable by the page on every path: it carries no secret, only "a refresh cookie was set".
    this.hint = { ...this.cookie, httpOnly: false, path: '/' };
  }

  issue(res: Response, user: SessionUser, familyId: string, refreshToken: string): Session {
    const { token, expiresAt } = this.tokens.issue({ sub: user.id, role: user.role, sid: familyId });
    res.cookie(REFRESH_COOKIE, refreshToken, { ...this.cookie, maxAge: REFRESH_TTL_SECONDS * 1000 });
    res.cookie(SESSION_HINT_COOKIE, '1', { ...this.hint, maxAge: REFRESH_TTL_SECONDS * 1000 });
    return { access_token: token, expires_at: expiresAt, user };
  }

  clear(res: Response): void {
    res.clearCookie(REFRESH_COOKIE, this.cookie);
    res.clearCookie(SESSION_HINT_COOKIE, this.hint);
  }
}
