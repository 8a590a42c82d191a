import { Injectable, UnauthorizedException } from '@nestjs/common';
import { RateLimiter, type RateLimitHit } from '@academy/backend';
import { IDENTITY_MESSAGES } from '@academy/contracts';
import { EmailLookup } from '@academy/event-store';
import { LIMITS } from '../../identity.limits.js';

/** Only a wrong email or password is a failure; a right password (even unverified or expired) is not. */
const isWrongCredentials = (e: unknown) => e instanceof UnauthorizedException && e.message === IDENTITY_MESSAGES.invalidCredentials;

/**
 * The sign-in limits (identity.limits.ts): failures per (account, address) and per address.
 * - An address over its failures is refused before any password work.
 * - The (account, address) counter takes its point before the password is checked, so parallel
 *   guesses cannot overtake it; anything but a wrong password gives it back, and the right password
 *   clears it.
 * - The account itself is never locked: its owner signs in from another address whatever a
 *   stranger tries elsewhere.
 */
@Injectable()
export class SignInThrottle {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly lookup: EmailLookup,
  ) {}

  async attempt<T>(email: string, address: string, signIn: () => Promise<T>): Promise<T> {
    const fromAddress: RateLimitHit = { rule: LIMITS.signInFailuresAddress, subject: address };
    const accountFromAddress: RateLimitHit = { rule: LIMITS.signInFailuresAccountAddress, subject: `${this.lookup.of(email)}:${address}` };
    await this.limiter.check([fromAddress]);
    await this.limiter.consume([accountFromAddress]);
    let result: T;
    try {
      result = await signIn();
    } catch (e) {
      if (isWrongCredentials(e)) await this.limiter.penalize([fromAddress]);
      else await this.limiter.refund([accountFromAddress]);
      throw e;
    }
    await this.limiter.forget([accountFromAddress]);
    return result;
  }
}
