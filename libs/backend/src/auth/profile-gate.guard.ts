import { type CanActivate, type ExecutionContext, ForbiddenException, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { API_ERROR_CODES, IDENTITY_MESSAGES } from '@academy/contracts';
import type { Principal } from '../event-sourcing/command-metadata.js';
import { ALLOW_INCOMPLETE_PROFILE, IS_PUBLIC } from './auth.decorators.js';
import { PROFILE_STATUS } from './tokens.js';

/** The context that owns profiles answers whether a user's first-login profile is complete. */
export interface ProfileStatus {
  isComplete(userId: string): Promise<boolean>;
}

/** The roles the first-login profile is mandatory for (spec §2 /complete-profile, §4 access guard step 3, §6). */
export const PROFILE_REQUIRED_ROLES: readonly string[] = ['student'];

/**
 * Global, after the JwtAuthGuard and the RolesGuard: a student whose first-login profile is not complete gets 403
 * `code: PROFILE_INCOMPLETE` from every endpoint that is not @Public() or @AllowIncompleteProfile(),
 * so a new endpoint is gated by default (spec §6: "forced through profile completion on first login").
 */
@Injectable()
export class ProfileGate implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(PROFILE_STATUS) private readonly profiles: ProfileStatus,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC, targets)) return true;
    if (this.reflector.getAllAndOverride<boolean | undefined>(ALLOW_INCOMPLETE_PROFILE, targets)) return true;
    const principal = context.switchToHttp().getRequest<Request & { principal?: Principal }>().principal;
    // No principal on a guarded endpoint: the JwtAuthGuard (registered first) has already answered 401.
    if (!principal || !PROFILE_REQUIRED_ROLES.includes(principal.role)) return true;
    if (await this.profiles.isComplete(principal.userId)) return true;
    throw new ForbiddenException({ message: IDENTITY_MESSAGES.profileIncomplete, code: API_ERROR_CODES.profileIncomplete });
  }
}
