import { type DynamicModule, Global, Module, type Type } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessTokens } from './access-tokens.js';
import { JwtAuthGuard } from './jwt-auth.guard.js';
import { JwtStrategy, type SessionValidator } from './jwt.strategy.js';
import { ProfileGate, type ProfileStatus } from './profile-gate.guard.js';
import { RolesGuard } from './roles.guard.js';
import { PROFILE_STATUS, SESSION_VALIDATOR } from './tokens.js';

/**
 * Authentication and authorization for every context of the API (ADR 0016): passport's JWT strategy
 * behind the global JwtAuthGuard, then the global RolesGuard, then the global ProfileGate, and the
 * access-token service. The composition root passes the SessionValidator and ProfileStatus of the
 * context that owns sessions and profiles (identity): the platform does not import a context. Needs
 * APP_CONFIG from a global provider. Global guards run in the order they are provided: the roles
 * guard and the gate read the principal the JwtAuthGuard attached.
 */
@Global()
@Module({})
export class AuthModule {
  static forRoot(sessionValidator: Type<SessionValidator>, profileStatus: Type<ProfileStatus>): DynamicModule {
    return {
      module: AuthModule,
      providers: [
        AccessTokens,
        { provide: SESSION_VALIDATOR, useClass: sessionValidator },
        { provide: PROFILE_STATUS, useClass: profileStatus },
        JwtStrategy,
        JwtAuthGuard,
        RolesGuard,
        ProfileGate,
        { provide: APP_GUARD, useExisting: JwtAuthGuard },
        { provide: APP_GUARD, useExisting: RolesGuard },
        { provide: APP_GUARD, useExisting: ProfileGate },
      ],
      exports: [AccessTokens, SESSION_VALIDATOR],
    };
  }
}
