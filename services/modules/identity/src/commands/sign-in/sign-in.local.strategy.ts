import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-local';
import { clientAddress, dropOwnName, registerOwnName } from '@academy/backend';
import type { SessionUser } from '@academy/contracts';
import { SignInCredentials } from './sign-in.credentials.js';
import { SignInThrottle } from './sign-in.throttle.js';

/**
 * Passport's local strategy: email and password of the (already parsed) body, checked by the identity
 * context's credential check inside the sign-in throttle, so lockout and every answer (401, 403, 429)
 * are what they were. No passport session: the caller starts a session family of our own.
 */
@Injectable()
export class LocalSignInStrategy extends PassportStrategy(Strategy, 'local') implements OnModuleDestroy {
  /** The name this instance answers to in passport's registry (libs/backend strategy-names.ts). */
  readonly ownName: string;

  constructor(
    private readonly credentials: SignInCredentials,
    private readonly throttle: SignInThrottle,
  ) {
    super({ usernameField: 'email', passwordField: 'password', passReqToCallback: true, session: false });
    this.ownName = registerOwnName(this, 'local');
  }

  validate(req: Request, email: string, password: string): Promise<SessionUser> {
    return this.throttle.attempt(email, clientAddress(req), () => this.credentials.check({ email, password }));
  }

  onModuleDestroy(): void {
    dropOwnName(this.ownName);
  }
}
