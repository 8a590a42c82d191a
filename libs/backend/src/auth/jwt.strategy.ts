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

/** How many verified tokens a process remembers (the oldest forgotten first): a busy evening's signed-in users. */
const MAX_VERIFIED = 50_000;

/**
 * Passport's JWT strategy: verifies the bearer token (signature, algorithm, issuer, audience, expiry)
 * with the keys AccessTokens signs with, then validate() asks the SessionValidator whether the
 * token's session family is still live (ADR 0009, fences ADR 0012). A signed token of an ended
 * session is refused exactly like a forged one. No passport session: every request brings its token.
 *
 * A token once verified is remembered by its text until its expiry: the same text is the same
 * signature over the same claims, so only the time can change the verdict, and jsonwebtoken's rule
 * (expired from `exp` on) is applied to it on every request. Decoding and verifying the token was a
 * visible share of the API's CPU in a profile under the lessons benchmark (docs/benchmarks.md "Weekly
 * Lessons"); remembering it removes most of that. The session check is not remembered here: it runs on every
 * request, as before.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') implements OnModuleDestroy {
  /** The name this instance answers to in passport's registry (strategy-names.ts). */
  readonly ownName: string;
  /** Tokens verified by passport-jwt, by their text, with their claims (insertion order: oldest first). */
  private readonly verified = new Map<string, AccessClaims>();

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
      // validate() gets the request: it remembers the token it was verified from.
      passReqToCallback: true,
    });
    this.ownName = registerOwnName(this, 'jwt');
  }

  /**
   * Passport calls this for every request (on a copy of this strategy carrying success/fail/error).
   * A remembered, unexpired token goes straight to the session check; any other is verified by
   * passport-jwt as always.
   */
  override authenticate(req: Request, options?: object): void {
    const token = bearerToken(req);
    const claims = token === null ? undefined : this.verified.get(token);
    if (token === null || claims === undefined) return super.authenticate(req, options);
    if (Math.floor(Date.now() / 1000) >= claims.exp) {
      this.verified.delete(token);
      return super.authenticate(req, options);
    }
    this.principalOf(claims).then(
      // fail() with nothing, as passport-jwt calls it for a false principal (the types want a status).
      (principal) => (principal ? this.success(principal) : this.fail(undefined as unknown as number)),
      (e: unknown) => this.error(e as Error),
    );
  }

  /** After passport-jwt verified the token of `req`: the principal, or false (401 on a guarded endpoint) for a token whose session has ended. */
  async validate(req: Request, claims: AccessClaims): Promise<Principal | false> {
    const principal = await this.principalOf(claims);
    const token = bearerToken(req);
    // Only tokens of ours (an exp, no nbf: the rule applied to a remembered one is exactly jsonwebtoken's).
    if (principal && token !== null && typeof claims.exp === 'number' && !('nbf' in claims)) {
      if (this.verified.size >= MAX_VERIFIED) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, claims);
    }
    return principal;
  }

  private async principalOf(claims: AccessClaims): Promise<Principal | false> {
    if (typeof claims.sub !== 'string' || typeof claims.role !== 'string' || typeof claims.sid !== 'string') return false;
    if (!(await this.sessions.isLive(claims))) return false;
    return { userId: claims.sub, role: claims.role, sessionId: claims.sid };
  }

  onModuleDestroy(): void {
    dropOwnName(this.ownName);
  }
}
