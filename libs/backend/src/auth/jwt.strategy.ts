import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-jwt';
import type { Principal } from '../event-sourcing/command-metadata.js';
import { type AccessClaims, AccessTokens } from './access-tokens.js';
import { dropOwnName, registerOwnName } from './strategy-names.js';
import { SESSION_VALIDATOR } from './tokens.js';

/**
 * The context that owns sessions answers whether a token's session family is still live and the
 * user still has the role the token names (a role change, a deletion or a revoked family ends it).
 */
export interface SessionValidator {
  isLive(claims: AccessClaims): Promise<boolean>;
}

/** The Authorization header's bearer token, as strictly as ever: the one spelling, token characters only. */
export function bearerToken(req: Request): string | null {
  const header = req.header('authorization');
  const match = header ? /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header) : null;
  return match ? match[1] : null;
}

/**
 * Passport's JWT strategy: verifies the bearer token (signature, algorithm, issuer, audience, expiry)
 * with the keys AccessTokens signs with, then validate() asks the SessionValidator whether the
 * token's session family is still live (ADR 0009, fences ADR 0012). A signed token of an ended
 * session is refused exactly like a forged one. No passport session: every request brings its token.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') implements OnModuleDestroy {
  /** The name this instance answers to in passport's registry (strategy-names.ts). */
  readonly ownName: string;

  constructor(
    tokens: AccessTokens,
    @Inject(SESSION_VALIDATOR) private readonly sessions: SessionValidator,
  ) {
    super({
      jwtFromRequest: bearerToken,
      // A KeyObject, not the string: see AccessTokens (jsonwebtoken accepts one; the types say Buffer).
      secretOrKey: tokens.verification.key as unknown as Buffer,
      algorithms: tokens.verification.algorithms,
      issuer: tokens.verification.issuer,
      audience: tokens.verification.audience,
    });
    this.ownName = registerOwnName(this, 'jwt');
  }

  /** The principal, or false (401 on a guarded endpoint) for a token whose session has ended. */
  async validate(claims: AccessClaims): Promise<Principal | false> {
    if (typeof claims.sub !== 'string' || typeof claims.role !== 'string' || typeof claims.sid !== 'string') return false;
    if (!(await this.sessions.isLive(claims))) return false;
    return { userId: claims.sub, role: claims.role, sessionId: claims.sid };
  }

  onModuleDestroy(): void {
    dropOwnName(this.ownName);
  }
}
