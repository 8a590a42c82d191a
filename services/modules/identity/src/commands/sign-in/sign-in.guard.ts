import { type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { assertStorableInput, ZodValidationPipe } from '@academy/backend';
import { IDENTITY_MESSAGES, type SessionUser, signInRequestSchema } from '@academy/contracts';
import { LocalSignInStrategy } from './sign-in.local.strategy.js';

/** What the guard leaves on the request for the controller. */
export type SignedInRequest = Request & { signedIn: SessionUser };

/**
 * The sign-in endpoint's AuthGuard('local'), asked by its strategy instance's own name. A guard runs
 * before interceptors and pipes, so it first gives a bad body the answers it always had: the text
 * rule of every request (StorableInputInterceptor) and the contract's 400 field messages. Only a
 * well-formed body reaches the strategy.
 */
@Injectable()
export class SignInGuard extends AuthGuard() {
  private readonly body = new ZodValidationPipe(signInRequestSchema);

  constructor(strategy: LocalSignInStrategy) {
    super({ defaultStrategy: strategy.ownName, property: 'signedIn', session: false });
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    assertStorableInput(req);
    req.body = this.body.transform(req.body, { type: 'body' });
    return (await super.canActivate(context)) as boolean;
  }

  /** The strategy's own answers (401, 403, 429) pass through; it never returns nobody without one. */
  override handleRequest<TUser>(err: unknown, user: TUser | false | null): TUser {
    if (err) throw err;
    if (!user) throw new UnauthorizedException(IDENTITY_MESSAGES.invalidCredentials);
    return user;
  }
}
