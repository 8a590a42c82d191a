import { type DynamicModule, Global, Module, type Type } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessTokens } from './access-tokens.js';
import { AuthGuard, type SessionValidator } from './auth.guard.js';
import { ProfileGate, type ProfileStatus } from './profile-gate.guard.js';
import { PROFILE_STATUS, SESSION_VALIDATOR } from './tokens.js';

/**
 * The global AuthGuard, then the global ProfileGate, and the access-token service for every context
 * of the API. The composition root passes the SessionValidator and ProfileStatus of the context that
 * owns sessions and profiles (identity): the platform does not import a context. Needs APP_CONFIG
 * from a global provider. Global guards run in the order they are provided: the gate reads the
 * principal the AuthGuard attached.
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
        AuthGuard,
        ProfileGate,
        { provide: APP_GUARD, useExisting: AuthGuard },
        { provide: APP_GUARD, useExisting: ProfileGate },
      ],
      exports: [AccessTokens, SESSION_VALIDATOR],
    };
  }
}
