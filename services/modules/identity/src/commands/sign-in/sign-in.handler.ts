import { ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { IDENTITY_MESSAGES, type SignInRequest } from '@academy/contracts';
import { EmailLookup } from '@academy/event-store';
import { burnPasswordCheck, verifyPassword } from '../../passwords/passwords.js';
import { toSessionUser, UsersReader } from '../../projections/users/users.reader.js';
import { type IssuedRefresh, SessionStore } from '../../sessions/session-store.js';
import type { SessionUser } from '@academy/contracts';

/**
 * Unknown email and wrong password get the same 401, after the same argon2 work. The "verify your
 * email" answer comes only after a correct password: it reveals nothing to someone guessing.
 */
@Injectable()
export class SignInHandler {
  constructor(
    private readonly users: UsersReader,
    private readonly sessions: SessionStore,
    private readonly lookup: EmailLookup,
  ) {}

  async execute(input: SignInRequest, userAgent: string | null = null): Promise<{ user: SessionUser; refresh: IssuedRefresh }> {
    const user = await this.users.byEmailHash(this.lookup.of(input.email));
    if (!user?.password_hash) {
      await burnPasswordCheck(input.password);
      throw new UnauthorizedException(IDENTITY_MESSAGES.invalidCredentials);
    }
    if (!(await verifyPassword(user.password_hash, input.password))) throw new UnauthorizedException(IDENTITY_MESSAGES.invalidCredentials);
    if (user.self_registered && !user.verified) throw new ForbiddenException(IDENTITY_MESSAGES.emailNotVerified);
    return { user: toSessionUser(user), refresh: await this.sessions.start(user.id, userAgent) };
  }
}
