import { ForbiddenException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { CLOCK, type Clock, EVENT_STORE } from '@academy/backend';
import { DomainError, EmailLookup, type EventStore, fold } from '@academy/event-store';
import { API_ERROR_CODES, IDENTITY_MESSAGES, type SessionUser, type SignInRequest } from '@academy/contracts';
import { decideUser, userDecider } from '../../domain/user.decide.js';
import { userStream } from '../../domain/user.js';
import { burnPasswordCheck, verifyPassword } from '../../passwords/passwords.js';
import { readSignInAccount } from './sign-in.read.js';

/**
 * The credential check the local strategy delegates to. Unknown email and wrong password get the
 * same 401, after the same argon2 work. The "verify your email" and "temporary password expired"
 * answers come only after a correct password: they reveal nothing to someone guessing. Whether a
 * mailed password is too old is the aggregate's rule, judged from its stream at the injected clock's time.
 */
@Injectable()
export class SignInCredentials {
  constructor(
    private readonly em: EntityManager,
    private readonly lookup: EmailLookup,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async check(input: SignInRequest): Promise<SessionUser> {
    const account = await readSignInAccount(this.em, this.lookup.of(input.email));
    if (!account?.passwordHash) {
      await burnPasswordCheck(input.password);
      throw new UnauthorizedException(IDENTITY_MESSAGES.invalidCredentials);
    }
    if (!(await verifyPassword(account.passwordHash, input.password))) throw new UnauthorizedException(IDENTITY_MESSAGES.invalidCredentials);
    if (account.selfRegistered && !account.verified) throw new ForbiddenException(IDENTITY_MESSAGES.emailNotVerified);
    await this.assertPasswordStillValid(account.user.id);
    return account.user;
  }

  private async assertPasswordStillValid(userId: string): Promise<void> {
    const state = fold(userDecider, await this.store.readStream(userStream(userId)));
    try {
      decideUser({ type: 'SignIn', now: this.clock().toISOString() }, state);
    } catch (e) {
      if (e instanceof DomainError && e.kind === 'forbidden') throw new ForbiddenException({ message: e.message, code: API_ERROR_CODES.temporaryPasswordExpired });
      throw e;
    }
  }
}
