import { type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { IS_PUBLIC } from './auth.decorators.js';
import { JwtStrategy } from './jwt.strategy.js';

export const NOT_SIGNED_IN = 'Please sign in.';

/**
 * Registered globally, first: every endpoint needs a valid bearer token of a live session (the
 * JwtStrategy) unless marked @Public(). A @Public endpoint still gets `req.principal` when a valid
 * token is sent (sign-out ends that session too). Roles are the RolesGuard's, profiles the ProfileGate's.
 *
 * AuthGuard() without a name plus `defaultStrategy`: the strategy is asked for by its instance's own
 * name (strategy-names.ts). PassportModule is deliberately not imported: its options would be
 * property-injected over these.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard() {
  constructor(
    private readonly reflector: Reflector,
    strategy: JwtStrategy,
  ) {
    super({ defaultStrategy: strategy.ownName, property: 'principal', session: false });
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    return (await super.canActivate(context)) as boolean;
  }

  /** An error (the session store down) stays a 500; no principal is a 401 unless the endpoint is public. */
  override handleRequest<TUser>(err: unknown, principal: TUser | false | null, _info: unknown, context: ExecutionContext): TUser {
    if (err) throw err;
    if (principal) return principal;
    if (this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC, [context.getHandler(), context.getClass()])) return undefined as TUser;
    throw new UnauthorizedException(NOT_SIGNED_IN);
  }
}
