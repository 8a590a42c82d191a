import { randomBytes, randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig, EVENT_STORE, RateLimiter } from '@academy/backend';
import { DomainError, EmailLookup, type EventStore, Retry, runCommand } from '@academy/event-store';
import { normaliseEmail } from '../../domain/email-reservation.js';
import { LIMITS } from '../../identity.limits.js';
import { assertPasswordAcceptable, hashPassword } from '../../passwords/passwords.js';
import { sha256 } from '../../sessions/session-store.js';
import { registerAccount } from '../register-account.js';
import { SignUp } from './sign-up.command.js';

export const VERIFICATION_TTL_MS = 48 * 3600 * 1000;

export const publicUrl = (config: AppConfig) => (config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`).replace(/\/+$/, '');
/** Where a mailed temporary password is used: the sign-in page. */
export const signInUrl = (config: AppConfig) => `${publicUrl(config)}/auth`;

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
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly lookup: EmailLookup,
    private readonly limiter: RateLimiter,
  ) {}

  async execute({ caller, input, address }: SignUp): Promise<{ position: number }> {
    await this.limiter.consume([
      { rule: LIMITS.signUpIp, subject: address },
      { rule: LIMITS.signUpEmail, subject: this.lookup.of(input.email) },
    ]);
    assertPasswordAcceptable(input.password);
    const email = normaliseEmail(input.email);
    const passwordHash = await hashPassword(input.password);
    if (email === normaliseEmail(this.config.ACADEMY_ADMIN_EMAIL)) return { position: 0 };
    const userId = randomUUID();
    const token = randomBytes(32).toString('base64url');
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
            email,
            emailHash: this.lookup.of(email),
            fullName: input.fullName,
            passwordHash,
            selfRegistered: true,
            verification: {
              tokenHash: sha256(token),
              expiresAt: new Date(Date.parse(caller.metadata.occurredAt) + VERIFICATION_TTL_MS).toISOString(),
              verifyUrl: `${publicUrl(this.config)}/auth/verify?token=${token}`,
            },
          }),
      });
      return { position };
    } catch (e) {
      if (e instanceof DomainError && e.kind === 'conflict') return { position: 0 };
      throw e;
    }
  }
}
