import { type CanActivate, type ExecutionContext, ForbiddenException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { Principal } from '../event-sourcing/command-metadata.js';
import { AccessTokens, type AccessClaims } from './access-tokens.js';
import { IS_PUBLIC, ROLES } from './auth.decorators.js';
import { SESSION_VALIDATOR } from './tokens.js';

/**
 * The context that owns sessions answers whether a token's session family is still live and the
 * user still has the role the token names (a role change, a deletion or a revoked family ends it).
 */
export interface SessionValidator {
  isLive(claims: AccessClaims): Promise<boolean>;
}

export const NOT_SIGNED_IN = 'Please sign in.';
export const FORBIDDEN = 'You do not have access to this.';

/**
 * Registered globally: every endpoint needs a valid bearer token unless marked @Public(); @Roles()
 * narrows it further. A @Public endpoint still gets `req.principal` when a valid token is sent.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: AccessTokens,
    @Inject(SESSION_VALIDATOR) private readonly sessions: SessionValidator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC, targets) ?? false;
    const req = context.switchToHttp().getRequest<Request & { principal?: Principal }>();
    const principal = await this.principal(req);
    if (principal) req.principal = principal;
    if (isPublic) return true;
    if (!principal) throw new UnauthorizedException(NOT_SIGNED_IN);
    const roles = this.reflector.getAllAndOverride<string[] | undefined>(ROLES, targets);
    if (roles?.length && !roles.includes(principal.role)) throw new ForbiddenException(FORBIDDEN);
    return true;
  }

  private async principal(req: Request): Promise<Principal | null> {
    const header = req.header('authorization');
    const match = header ? /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header) : null;
    if (!match) return null;
    const claims = this.tokens.verify(match[1]);
    if (!claims || !(await this.sessions.isLive(claims))) return null;
    return { userId: claims.sub, role: claims.role, sessionId: claims.sid };
  }
}
