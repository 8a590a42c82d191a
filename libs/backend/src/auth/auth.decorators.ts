import { createParamDecorator, type ExecutionContext, SetMetadata, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import type { Principal } from '../event-sourcing/command-metadata.js';

export const IS_PUBLIC = 'academy:public';
export const ROLES = 'academy:roles';
export const ALLOW_INCOMPLETE_PROFILE = 'academy:allow-incomplete-profile';

/** Opts an endpoint (or a controller) out of the global JwtAuthGuard (and RolesGuard, ProfileGate): no token needed. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/**
 * A student whose first-login profile is not complete may call this endpoint (what /complete-profile
 * needs). Every other guarded endpoint answers them 403 PROFILE_INCOMPLETE (ProfileGate).
 */
export const AllowIncompleteProfile = () => SetMetadata(ALLOW_INCOMPLETE_PROFILE, true);

/** Only these roles may call the endpoint or the controller's endpoints (the global RolesGuard, after the token). */
export const Roles = (...roles: string[]) => SetMetadata(ROLES, roles);

/** The signed-in caller as the JwtAuthGuard attached it. Throws 401 on a @Public endpoint without a token. */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): Principal => {
  const principal = ctx.switchToHttp().getRequest<Request & { principal?: Principal }>().principal;
  if (!principal) throw new UnauthorizedException('Please sign in.');
  return principal;
});
