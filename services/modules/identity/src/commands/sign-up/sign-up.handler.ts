import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, RateLimiter } from '@academy/backend';
import { DomainError, type EventStore, Retry, runCommand } from '@academy/event-store';
import { LIMITS } from '../../identity.limits.js';
import { assertPasswordAcceptable, hashPassword } from '../../passwords/passwords.js';
import { AccountCredentials } from '../account-credentials.js';
import { registerAccount } from '../register-account.js';
import { SignUp } from './sign-up.command.js';

/**
 * Self-registration as a student. The address is claimed in the same append as the account: of two
 * concurrent sign-ups with one address, exactly one creates a user. A taken address (or the reserved
 * admin address) gets the same answer and writes nothing, so the form cannot be used to find out who
 * has an account; a lost race is answered the same way.
 */
@CommandHandler(SignUp)
export class SignUpHandler implements ICommandHandler<SignUp> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly credentials: AccountCredentials,
    private readonly limiter: RateLimiter,
  ) {}

  async execute({ caller, input, address: clientAddress }: SignUp): Promise<{ position: number }> {
    const address = this.credentials.address(input.email);
    await this.limiter.consume([
      { rule: LIMITS.signUpIp, subject: clientAddress },
      { rule: LIMITS.signUpEmail, subject: address.emailHash },
    ]);
    assertPasswordAcceptable(input.password);
    const passwordHash = await hashPassword(input.password);
    if (address.reserved) return { position: 0 };
    const userId = randomUUID();
    const verification = this.credentials.verification(caller.metadata.occurredAt);
    const metadata = { ...caller.metadata, actorId: caller.metadata.actorId ?? userId, actorRole: caller.metadata.actorRole ?? 'student' };
    try {
      // Decided again on a conflict: whoever won the address, this answer is the same.
      const { position } = await runCommand(this.store, metadata, {
        retry: Retry.onConflict(5),
        execute: (unit) =>
          registerAccount(unit, {
            type: 'RegisterUser',
            userId,
            role: 'student',
            email: address.email,
            emailHash: address.emailHash,
            fullName: input.fullName,
            passwordHash,
            selfRegistered: true,
            verification,
          }),
      });
      return { position };
    } catch (e) {
      if (e instanceof DomainError && e.kind === 'conflict') return { position: 0 };
      throw e;
    }
  }
}
