import { type DynamicModule, Global, Module, type Type } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessTokens } from './access-tokens.js';
import { AuthGuard, type SessionValidator } from './auth.guard.js';
import { SESSION_VALIDATOR } from './tokens.js';

/**
 * The global AuthGuard and the access-token service for every context of the API. The composition
 * root passes the SessionValidator of the context that owns sessions (identity): the platform does
 * not import a context. Needs APP_CONFIG from a global provider.
 */
@Global()
@Module({})
export class AuthModule {
  static forRoot(sessionValidator: Type<SessionValidator>): DynamicModule {
    return {
      module: AuthModule,
      providers: [AccessTokens, { provide: SESSION_VALIDATOR, useClass: sessionValidator }, AuthGuard, { provide: APP_GUARD, useExisting: AuthGuard }],
      exports: [AccessTokens, SESSION_VALIDATOR],
    };
  }
}
