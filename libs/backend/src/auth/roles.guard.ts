import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { Principal } from '../event-sourcing/command-metadata.js';
import { IS_PUBLIC, ROLES } from './auth.decorators.js';
import { NOT_SIGNED_IN } from './jwt-auth.guard.js';

export const FORBIDDEN = 'You do not have access to this.';

/**
 * Global, after the JwtAuthGuard and before the ProfileGate: an endpoint or controller marked
 * @Roles(...) answers 403 to a principal of any other role. Authentication says who; this says whether.
 */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC, targets)) return true;
    const roles = this.reflector.getAllAndOverride<string[] | undefined>(ROLES, targets);
    if (!roles?.length) return true;
    const principal = context.switchToHttp().getRequest<Request & { principal?: Principal }>().principal;
    // Never without the JwtAuthGuard before it, which has answered 401 already; a guard alone must not let it through.
    if (!principal) throw new UnauthorizedException(NOT_SIGNED_IN);
    if (!roles.includes(principal.role)) throw new ForbiddenException(FORBIDDEN);
    return true;
  }
}
